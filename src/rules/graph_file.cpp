#include "grundy/rules/graph_file.h"

#include <cstdio>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/core/error.h"

namespace grundy {

Graph parse_graph_json(std::string_view text, std::uint64_t max_memory) {
  using nlohmann::json;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    // parse_error, and out_of_range for a number too large for a double
    // (444E244444, found by fuzz/graph.cpp: it escaped as an uncaught exception).
    throw InputError("", fmt::format("invalid JSON: {}", e.what()));
  }
  if (!doc.is_object())
    throw InputError("", "a JSON graph is an object {\"vertices\": ..., \"edges\": [...]}");
  for (const auto& [key, value] : doc.items())
    if (key != "vertices" && key != "edges")
      throw InputError(key, fmt::format("unknown field \"{}\" (a JSON graph has \"vertices\" "
                                        "and \"edges\")",
                                        key));
  if (!doc.contains("vertices") || !doc.contains("edges"))
    throw InputError("", "a JSON graph needs both \"vertices\" and \"edges\"");

  const json& vertices = doc["vertices"];
  std::uint64_t vertex_count = 0;
  std::vector<std::pair<Vertex, std::string>> names;
  if (vertices.is_number_unsigned()) {
    vertex_count = vertices.get<std::uint64_t>();
    if (vertex_count > kMaxVertexCount)
      throw InputError("vertices", fmt::format("\"vertices\": {} exceeds the limit {}",
                                               vertex_count, kMaxVertexCount));
  } else if (vertices.is_array()) {
    vertex_count = vertices.size();
    if (vertex_count > kMaxVertexCount)
      throw InputError("vertices", fmt::format("\"vertices\": {} names exceed the limit {}",
                                               vertex_count, kMaxVertexCount));
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      if (!vertices[i].is_string() || !is_valid_vertex_name(vertices[i].get<std::string>()))
        throw InputError("vertices",
                         fmt::format("vertices[{}]: {} is not a vertex name (a string without "
                                     "spaces or '#' that does not start with a digit)",
                                     i, vertices[i].dump()));
      names.emplace_back(static_cast<Vertex>(i), vertices[i].get<std::string>());
    }
  } else {
    throw InputError("vertices", "\"vertices\" must be a vertex count or an array of names");
  }
  std::unordered_map<std::string, Vertex> by_name;
  for (const auto& [vertex, name] : names)
    if (!by_name.emplace(name, vertex).second)
      throw InputError(name, fmt::format("vertices[{}]: name \"{}\" already given to vertex {}",
                                         vertex, name, by_name[name]));

  const json& edge_list = doc["edges"];
  if (!edge_list.is_array())
    throw InputError("edges", "\"edges\" must be an array of [u, v] pairs");
  std::vector<Edge> edges;
  edges.reserve(edge_list.size());
  auto endpoint = [&](const json& item, std::size_t i, const char* role) -> Vertex {
    if (item.is_number_unsigned()) {
      const auto id = item.get<std::uint64_t>();
      if (id >= vertex_count)
        throw InputError(item.dump(), fmt::format("edges[{}]: {} {} out of range (graph has {} "
                                                  "vertices)",
                                                  i, role, id, vertex_count));
      return static_cast<Vertex>(id);
    }
    if (item.is_string()) {
      const auto it = by_name.find(item.get<std::string>());
      if (it == by_name.end())
        throw InputError(
            item.get<std::string>(),
            fmt::format("edges[{}]: {} {} is not a vertex name", i, role, item.dump()));
      return it->second;
    }
    throw InputError(item.dump(), fmt::format("edges[{}]: {} {} is neither a vertex id nor a name",
                                              i, role, item.dump()));
  };
  check_graph_memory(vertex_count, edge_list.size(), max_memory);
  for (std::size_t i = 0; i < edge_list.size(); ++i) {
    const json& pair = edge_list[i];
    if (!pair.is_array() || pair.size() != 2)
      throw InputError(pair.dump(),
                       fmt::format("edges[{}]: expected a pair [u, v], found {}", i, pair.dump()));
    edges.push_back({endpoint(pair[0], i, "source"), endpoint(pair[1], i, "target")});
  }
  return Graph::from_edges(vertex_count, edges, std::move(names));
}

Graph parse_graph_input(std::string_view text, const std::string& shown, std::uint64_t max_memory) {
  const auto first = text.find_first_not_of(" \t\r\n");
  try {
    if (first != std::string_view::npos && text[first] == '{') return parse_graph_json(text, max_memory);
    return parse_graph(text, max_memory);
  } catch (const InputError& e) {
    if (shown.empty()) throw;
    throw InputError(e.token(), fmt::format("{}: {}", shown, e.what()));
  } catch (const LimitError& e) {
    if (shown.empty()) throw;
    throw LimitError(fmt::format("{}: {}", shown, e.what()));
  }
}

Graph read_graph_file(const std::string& path, std::uint64_t max_memory) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) throw InputError(path, fmt::format("cannot open graph file '{}'", path));
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    if (got == 0) break;
    text.append(buffer, got);
  }
  if (std::ferror(file.get()))
    throw InputError(path, fmt::format("error reading graph file '{}'", path));
  return parse_graph_input(text, path, max_memory);
}

}  // namespace grundy

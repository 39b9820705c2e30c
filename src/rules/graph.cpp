#include "grundy/rules/graph.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"

namespace grundy {

namespace {

// CSR from an edge list: a counting sort by source, then each follower list
// sorted and stripped of repeats, compacted in place (the write position never
// passes the read position).
void build_csr(std::uint64_t vertex_count, std::span<const Edge> edges,
               std::vector<std::uint64_t>& offsets, std::vector<Vertex>& targets) {
  offsets.assign(vertex_count + 1, 0);
  for (const Edge& e : edges) ++offsets[e.from + 1];
  for (std::uint64_t u = 0; u < vertex_count; ++u) offsets[u + 1] += offsets[u];
  targets.resize(edges.size());
  {
    std::vector<std::uint64_t> cursor(offsets.begin(), offsets.end() - 1);
    for (const Edge& e : edges) targets[cursor[e.from]++] = e.to;
  }
  std::uint64_t write = 0;
  for (std::uint64_t u = 0; u < vertex_count; ++u) {
    Vertex* const first = targets.data() + offsets[u];
    Vertex* const last = targets.data() + offsets[u + 1];
    if (!std::is_sorted(first, last)) std::sort(first, last);
    Vertex* const unique_end = std::unique(first, last);
    offsets[u] = write;
    std::copy(first, unique_end, targets.data() + write);
    write += static_cast<std::uint64_t>(unique_end - first);
  }
  offsets[vertex_count] = write;
  targets.resize(write);
  targets.shrink_to_fit();
}

enum class Number { ok, not_a_number, too_large };

// A decimal number of digits only, at most `limit`.
Number parse_decimal(std::string_view text, std::uint64_t limit, std::uint64_t& value) {
  if (text.empty()) return Number::not_a_number;
  value = 0;
  bool too_large = false;
  for (const char c : text) {
    if (c < '0' || c > '9') return Number::not_a_number;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (too_large || value > (limit - digit) / 10)
      too_large = true;
    else
      value = value * 10 + digit;
  }
  return too_large ? Number::too_large : Number::ok;
}

struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
  }
};

std::string quoted_fields(std::span<const std::string_view> fields) {
  std::string text;
  for (const auto field : fields) {
    if (!text.empty()) text += ' ';
    text += field;
  }
  return text;
}

// Text after the header, line by line; keeps the names declared so far.
class GraphParser {
 public:
  GraphParser(std::string_view text, std::uint64_t max_memory)
      : text_(text), max_memory_(max_memory) {}

  Graph parse() {
    const char* p = text_.data();
    const char* const end = p + text_.size();
    std::string_view fields[3];
    while (p < end) {
      ++line_;
      std::size_t count = 0;
      while (p < end) {
        const char c = *p;
        if (c == '\n') break;
        if (static_cast<unsigned char>(c) <= ' ') {
          ++p;
          continue;
        }
        if (c == '#') {
          const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
          p = newline ? static_cast<const char*>(newline) : end;
          break;
        }
        const char* const start = p;
        while (p<end&& static_cast<unsigned char>(*p)> ' ' && *p != '#') ++p;
        if (count < 3) fields[count] = {start, static_cast<std::size_t>(p - start)};
        ++count;
      }
      if (p < end) ++p;  // the newline
      if (count == 0) continue;
      const std::span<const std::string_view> line_fields(fields, std::min<std::size_t>(count, 3));
      if (header_line_ == 0)
        read_header(line_fields, count);
      else if (count > 3)
        fail_fields(count);
      else if (count == 2)
        read_edge(fields[0], fields[1]);
      else if (count == 3 && fields[0] == "name")
        read_name(fields[1], fields[2]);
      else
        fail_fields(count, line_fields);
    }
    const std::uint64_t last_line = std::max<std::uint64_t>(line_, 1);
    if (header_line_ == 0)
      throw InputError("", fmt::format("line {}: no header line 'V E' (vertex count, edge count) "
                                       "before the end of the file",
                                       last_line));
    if (edges_.size() != edge_count_)
      throw InputError("", fmt::format("line {}: the file ends after {} edge lines, but the header "
                                       "on line {} says {}",
                                       last_line, edges_.size(), header_line_, edge_count_));
    std::vector<std::pair<Vertex, std::string>> names;
    names.reserve(names_.size());
    for (auto& [name, vertex] : names_) names.emplace_back(vertex, name);
    return Graph::from_edges(vertex_count_, edges_, std::move(names));
  }

 private:
  [[noreturn]] void fail(std::string_view token, const std::string& message) const {
    throw InputError(std::string(token), fmt::format("line {}: {}", line_, message));
  }

  [[noreturn]] void fail_fields(std::size_t count,
                                std::span<const std::string_view> fields = {}) const {
    const std::string shown =
        fields.empty()
            ? fmt::format("{} fields", count)
            : fmt::format("'{}' ({} field{})", quoted_fields(fields), count, count == 1 ? "" : "s");
    fail(fields.empty() ? std::string_view{} : fields[0],
         fmt::format("expected an edge 'u v' or a name 'name ID NAME', found {}", shown));
  }

  void read_header(std::span<const std::string_view> fields, std::size_t count) {
    std::uint64_t vertices = 0, edges = 0;
    if (count != 2 || parse_decimal(fields[0], UINT64_MAX, vertices) != Number::ok ||
        parse_decimal(fields[1], UINT64_MAX, edges) != Number::ok)
      fail(fields[0], fmt::format("expected the header 'V E' (vertex count, edge count), found "
                                  "'{}{}'",
                                  quoted_fields(fields), count > 3 ? " ..." : ""));
    if (vertices > kMaxVertexCount)
      fail(fields[0],
           fmt::format("vertex count {} exceeds the limit {}", vertices, kMaxVertexCount));
    // Each edge line takes at least 4 bytes ("u v\n"): a header claiming more
    // edges than the file can hold is refused later, naming its line.
    const std::uint64_t edges_possible = std::min<std::uint64_t>(edges, text_.size() / 4 + 1);
    try {
      check_graph_memory(vertices, edges_possible, max_memory_);
    } catch (const LimitError& e) {
      throw LimitError(fmt::format("line {}: {}", line_, e.what()));
    }
    vertex_count_ = vertices;
    edge_count_ = edges;
    header_line_ = line_;
    edges_.reserve(edges_possible);
  }

  Vertex vertex_of(std::string_view field, const char* role) const {
    if (field[0] >= '0' && field[0] <= '9') {
      std::uint64_t id = 0;
      switch (parse_decimal(field, UINT64_MAX, id)) {
        case Number::ok:
          if (id < vertex_count_) return static_cast<Vertex>(id);
          [[fallthrough]];
        case Number::too_large:
          fail(field, fmt::format("{} {} out of range (graph has {} vertices)", role, field,
                                  vertex_count_));
        case Number::not_a_number:
          fail(field, fmt::format("{} '{}' is neither a vertex id nor a name (names do not start "
                                  "with a digit)",
                                  role, field));
      }
    }
    const auto it = names_.find(field);
    if (it == names_.end())
      fail(field, fmt::format("{} '{}' is not a declared vertex name (declare it first with "
                              "'name ID {}')",
                              role, field, field));
    return it->second;
  }

  void read_edge(std::string_view from, std::string_view to) {
    if (edges_.size() == edge_count_)
      fail(from, fmt::format("more edge lines than the {} announced by the header on line {}",
                             edge_count_, header_line_));
    edges_.push_back({vertex_of(from, "edge source"), vertex_of(to, "edge target")});
  }

  void read_name(std::string_view id_field, std::string_view name) {
    std::uint64_t id = 0;
    const Number kind = parse_decimal(id_field, UINT64_MAX, id);
    if (kind == Number::not_a_number)
      fail(id_field,
           fmt::format("in 'name ID NAME', ID must be a vertex id, found '{}'", id_field));
    if (kind == Number::too_large || id >= vertex_count_)
      fail(id_field, fmt::format("named vertex {} out of range (graph has {} vertices)", id_field,
                                 vertex_count_));
    if (!is_valid_vertex_name(name))
      fail(name, fmt::format("invalid vertex name '{}' (names do not start with a digit)", name));
    if (const auto it = names_.find(name); it != names_.end())
      fail(name, fmt::format("name '{}' already given to vertex {}", name, it->second));
    if (const auto it = named_line_.find(static_cast<Vertex>(id)); it != named_line_.end())
      fail(id_field, fmt::format("vertex {} already named on line {}", id, it->second));
    names_.emplace(std::string(name), static_cast<Vertex>(id));
    named_line_.emplace(static_cast<Vertex>(id), line_);
  }

  std::string_view text_;
  std::uint64_t max_memory_;
  std::uint64_t line_ = 0;
  std::uint64_t header_line_ = 0;
  std::uint64_t vertex_count_ = 0;
  std::uint64_t edge_count_ = 0;
  std::vector<Edge> edges_;
  std::unordered_map<std::string, Vertex, NameHash, std::equal_to<>> names_;
  std::unordered_map<Vertex, std::uint64_t> named_line_;
};

}  // namespace

bool is_valid_vertex_name(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  return std::none_of(name.begin(), name.end(), [](char c) {
    return static_cast<unsigned char>(c) <= ' ' || c == '#' || c == 0x7f;
  });
}

Graph Graph::from_edges(std::uint64_t vertex_count, std::span<const Edge> edges,
                        std::vector<std::pair<Vertex, std::string>> names) {
  if (vertex_count > kMaxVertexCount)
    throw InputError(
        std::to_string(vertex_count),
        fmt::format("vertex count {} exceeds the limit {}", vertex_count, kMaxVertexCount));
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    if (e.from >= vertex_count || e.to >= vertex_count) {
      const bool source = e.from >= vertex_count;
      throw InputError(
          std::to_string(source ? e.from : e.to),
          fmt::format("edge {} ({} -> {}): {} {} out of range (graph has {} vertices)", i, e.from,
                      e.to, source ? "source" : "target", source ? e.from : e.to, vertex_count));
    }
  }
  std::sort(names.begin(), names.end());
  std::unordered_map<std::string_view, Vertex> owner;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& [vertex, name] = names[i];
    if (vertex >= vertex_count)
      throw InputError(name, fmt::format("named vertex {} out of range (graph has {} vertices)",
                                         vertex, vertex_count));
    if (!is_valid_vertex_name(name))
      throw InputError(name, fmt::format("invalid vertex name '{}' (names are non-empty, have no "
                                         "spaces or '#', and do not start with a digit)",
                                         name));
    if (i > 0 && names[i - 1].first == vertex)
      throw InputError(name, fmt::format("vertex {} named twice ('{}' and '{}')", vertex,
                                         names[i - 1].second, name));
    if (const auto [it, fresh] = owner.emplace(name, vertex); !fresh)
      throw InputError(
          name, fmt::format("name '{}' given to vertices {} and {}", name, it->second, vertex));
  }
  Graph graph;
  graph.vertex_count_ = static_cast<Vertex>(vertex_count);
  build_csr(vertex_count, edges, graph.offsets_, graph.targets_);
  graph.names_ = std::move(names);
  return graph;
}

std::string_view Graph::name(Vertex u) const {
  const auto it = std::lower_bound(names_.begin(), names_.end(), u,
                                   [](const auto& entry, Vertex v) { return entry.first < v; });
  return it != names_.end() && it->first == u ? std::string_view(it->second) : std::string_view{};
}

std::string Graph::label(Vertex u) const {
  const std::string_view n = name(u);
  return n.empty() ? std::to_string(u) : std::string(n);
}

std::optional<Vertex> Graph::find_vertex(std::string_view text) const {
  if (text.empty()) return std::nullopt;
  if (text[0] >= '0' && text[0] <= '9') {
    std::uint64_t id = 0;
    if (parse_decimal(text, UINT64_MAX, id) == Number::ok && id < vertex_count_)
      return static_cast<Vertex>(id);
    return std::nullopt;
  }
  for (const auto& [vertex, name] : names_)
    if (name == text) return vertex;
  return std::nullopt;
}

// A counting sort by target; scanning sources in increasing order leaves each
// predecessor list sorted, and it has no repeats because the follower lists
// have none.
Graph Graph::reversed(Vertex first) const {
  GRUNDY_ASSERT(first <= vertex_count_);
  const std::size_t n = vertex_count_ - first;
  Graph graph;
  graph.vertex_count_ = static_cast<Vertex>(n);
  graph.offsets_.assign(n + 1, 0);
  for (std::uint64_t i = offsets_[first]; i < targets_.size(); ++i)
    if (targets_[i] >= first) ++graph.offsets_[targets_[i] - first + 1];
  for (std::size_t v = 0; v < n; ++v) graph.offsets_[v + 1] += graph.offsets_[v];
  graph.targets_.resize(graph.offsets_[n]);
  std::vector<std::uint64_t> cursor(graph.offsets_.begin(), graph.offsets_.end() - 1);
  for (Vertex u = first; u < vertex_count_; ++u)
    for (std::uint64_t i = offsets_[u]; i < offsets_[u + 1]; ++i)
      if (targets_[i] >= first) graph.targets_[cursor[targets_[i] - first]++] = u - first;
  return graph;
}

void Graph::append_vertex(std::span<const Vertex> followers) {
  GRUNDY_ASSERT(vertex_count_ < kMaxVertexCount);
  targets_.insert(targets_.end(), followers.begin(), followers.end());
  offsets_.push_back(targets_.size());
  ++vertex_count_;
}

void Graph::truncate(Vertex count) {
  GRUNDY_ASSERT(count <= vertex_count_);
  vertex_count_ = count;
  offsets_.resize(std::size_t{count} + 1);
  targets_.resize(offsets_.back());
  std::erase_if(names_, [&](const auto& named) { return named.first >= count; });
}

std::uint64_t graph_memory_estimate(std::uint64_t vertices, std::uint64_t edges) {
  constexpr std::uint64_t kMax = ~std::uint64_t{0};
  const std::uint64_t per_vertex = vertices > kMax / 40 ? kMax : vertices * 40;
  const std::uint64_t per_edge = edges > kMax / 16 ? kMax : edges * 16;
  return per_vertex > kMax - per_edge ? kMax : per_vertex + per_edge;
}

void check_graph_memory(std::uint64_t vertices, std::uint64_t edges, std::uint64_t max_memory) {
  const std::uint64_t needed = graph_memory_estimate(vertices, edges);
  if (needed <= max_memory) return;
  throw LimitError(fmt::format(
      "a graph of {} vertices and {} edges needs about {} MiB, over the memory limit of {} MiB{}",
      vertices, edges, (needed >> 20) + 1, max_memory >> 20, raise_with("max-memory")),
      ExceededLimit{"max-memory", max_memory, needed});
}

Graph parse_graph(std::string_view text, std::uint64_t max_memory) {
  return GraphParser(text, max_memory).parse();
}

}  // namespace grundy

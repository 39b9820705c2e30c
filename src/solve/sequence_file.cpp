#include "grundy/solve/sequence_file.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'Q'};
constexpr std::uint32_t kVersion = 1;

struct Fnv1a {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  void add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      hash ^= bytes[i];
      hash *= 0x100000001b3ULL;
    }
  }
};

struct Closer {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

template <class T>
void put_le(std::string& out, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

}  // namespace

void write_sequence_file(const std::string& path, const std::string& ruleset, Heap first,
                         const Value16* values, std::size_t count) {
  std::string header(kMagic, sizeof kMagic);
  put_le<std::uint32_t>(header, kVersion);
  put_le<std::uint32_t>(header, static_cast<std::uint32_t>(ruleset.size()));
  header += ruleset;
  put_le<std::uint64_t>(header, first);
  put_le<std::uint64_t>(header, count);
  Fnv1a checksum;
  checksum.add(header.data(), header.size());

  const std::string temporary = path + ".tmp";
  std::unique_ptr<std::FILE, Closer> file(std::fopen(temporary.c_str(), "wb"));
  if (!file) throw InputError(path, fmt::format("cannot write '{}'", temporary));
  bool ok = std::fwrite(header.data(), 1, header.size(), file.get()) == header.size();
  // The values go out in blocks, little-endian whatever the host.
  std::string block;
  for (std::size_t i = 0; i < count && ok; i += 1 << 20) {
    block.clear();
    const std::size_t end = std::min(count, i + (std::size_t{1} << 20));
    for (std::size_t j = i; j < end; ++j) put_le<std::uint16_t>(block, values[j]);
    checksum.add(block.data(), block.size());
    ok = std::fwrite(block.data(), 1, block.size(), file.get()) == block.size();
  }
  std::string trailer;
  put_le<std::uint64_t>(trailer, checksum.hash);
  ok = ok && std::fwrite(trailer.data(), 1, trailer.size(), file.get()) == trailer.size();
  ok = ok && std::fflush(file.get()) == 0 && ::fsync(::fileno(file.get())) == 0;
  file.reset();
  if (!ok || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw InputError(path, fmt::format("cannot write '{}' (disk full?)", path));
  }
}

SequenceFile read_sequence_file(const std::string& path) {
  std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
  if (!file) throw InputError(path, fmt::format("cannot open sequence file '{}'", path));
  std::string bytes;
  char buffer[1 << 16];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) bytes.append(buffer, got);
  auto bad = [&](const std::string& why) {
    return InputError(path, fmt::format("'{}' is not a usable grundy sequence file: {}", path, why));
  };
  std::size_t at = 0;
  auto take = [&](std::size_t n) {
    if (bytes.size() - at < n) throw bad("it is truncated");
    const char* p = bytes.data() + at;
    at += n;
    return p;
  };
  auto get_le = [&](std::size_t n) {
    const auto* p = reinterpret_cast<const unsigned char*>(take(n));
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t{p[i]} << (8 * i);
    return v;
  };
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw bad("wrong magic number");
  take(sizeof kMagic);
  if (get_le(4) != kVersion) throw bad("unknown format version");
  const std::uint64_t name_length = get_le(4);
  if (name_length > 1 << 20) throw bad("corrupt header");
  SequenceFile result;
  result.ruleset.assign(take(name_length), name_length);
  result.first = get_le(8);
  const std::uint64_t count = get_le(8);
  if (count > (bytes.size() - at) / 2) throw bad("it is truncated");
  if (bytes.size() - at != count * 2 + 8) throw bad("its length does not match its header");
  Fnv1a checksum;
  checksum.add(bytes.data(), at + count * 2);
  result.values.resize(count);
  for (std::uint64_t i = 0; i < count; ++i) result.values[i] = static_cast<Value16>(get_le(2));
  if (get_le(8) != checksum.hash) throw bad("checksum mismatch (corrupt)");
  return result;
}

}  // namespace grundy

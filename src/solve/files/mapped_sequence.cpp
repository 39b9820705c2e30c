#include "grundy/solve/mapped_sequence.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

#include "grundy/core/byte_format.h"
#include "grundy/core/error.h"
#include "grundy/core/fnv1a.h"
#include "grundy/core/front_end_words.h"

#if !defined(__EMSCRIPTEN__) && !defined(_WIN32)
#define GRUNDY_MAPPED_FILES 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#endif

namespace grundy {

namespace {

constexpr char kStoreMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'M'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint64_t kPage = 4096;      // the header's unit; values start on a page
constexpr std::size_t kValidAt = 24, kChecksumAt = 32, kFieldsEnd = 40;

// [[maybe_unused]]: the stand-in for builds without mapped files (below) uses none of these.
[[maybe_unused]] std::uint64_t get_le(const unsigned char* p, std::size_t n) { return load_le(p, n); }
[[maybe_unused]] void set_le(unsigned char* p, std::uint64_t v, std::size_t n) { store_le(p, v, n); }

// FNV-1a 64 of the header less its checksum field.
[[maybe_unused]] std::uint64_t header_checksum(const unsigned char* header, std::size_t length) {
  Fnv1a hash;
  hash.add(header, kChecksumAt);
  if (length > kFieldsEnd) hash.add(header + kFieldsEnd, length - kFieldsEnd);
  return hash.value();
}

[[maybe_unused]] InputError not_a_store(const std::string& path, const std::string& why) {
  return InputError(path, fmt::format("'{}' is not a usable grundy store: {}", path, why));
}

}  // namespace

struct MappedSequence::State {
  std::string path, ruleset;
  SequenceRequest request;
  int fd = -1;
  unsigned char* base = nullptr;
  std::uint64_t mapped = 0;  // bytes mapped from offset 0
  std::uint64_t header = 0;  // H
  Heap capacity = 0, valid = 0;

  ~State();
  Value16* values() const { return reinterpret_cast<Value16*>(base + header); }
};

MappedSequence::MappedSequence(std::unique_ptr<State> state) : state_(std::move(state)) {}
MappedSequence::MappedSequence(MappedSequence&&) noexcept = default;
MappedSequence& MappedSequence::operator=(MappedSequence&&) noexcept = default;
MappedSequence::~MappedSequence() = default;

const std::string& MappedSequence::path() const { return state_->path; }
const std::string& MappedSequence::ruleset() const { return state_->ruleset; }
const SequenceRequest& MappedSequence::request() const { return state_->request; }
Heap MappedSequence::capacity() const { return state_->capacity; }
Heap MappedSequence::valid() const { return state_->valid; }
Value16* MappedSequence::data() { return state_->values(); }
const Value16* MappedSequence::data() const { return state_->values(); }

bool MappedSequence::is_store(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return false;
  char magic[sizeof kStoreMagic] = {};
  const bool is = std::fread(magic, 1, sizeof magic, file) == sizeof magic &&
                  std::memcmp(magic, kStoreMagic, sizeof kStoreMagic) == 0;
  std::fclose(file);
  return is;
}

#if defined(GRUNDY_MAPPED_FILES)

namespace {

std::string error_text() { return std::strerror(errno); }

// LimitError unless the file system holding `path` has `bytes` free for an
// unprivileged user.
void check_free_space(const std::string& path, std::uint64_t bytes) {
  std::error_code error;
  std::filesystem::path directory = std::filesystem::absolute(path, error).parent_path();
  struct statvfs fs {};
  if (::statvfs(directory.c_str(), &fs) != 0) return;  // cannot tell: the writes will say
  const std::uint64_t free = static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
  if (bytes > free)
    throw LimitError(fmt::format("store '{}' needs {} MiB more on disk (2 bytes a value), but "
                                 "its file system has {} MiB free",
                                 path, bytes >> 20, free >> 20));
}

// Allocates [from, to) of the file up front where the file system can, so
// that a full disk is found now rather than as a fault in the mapping.
void allocate(int fd, const std::string& path, std::uint64_t from, std::uint64_t to) {
#if defined(__linux__)
  if (to <= from) return;
  if (::fallocate(fd, 0, static_cast<off_t>(from), static_cast<off_t>(to - from)) != 0 &&
      errno == ENOSPC)
    throw LimitError(fmt::format("store '{}': the disk has too little free space for {} MiB",
                                 path, (to - from) >> 20));
#else
  (void)fd, (void)path, (void)from, (void)to;
#endif
}

void sync_directory_of(const std::string& path) {
  std::error_code error;
  const std::filesystem::path directory = std::filesystem::absolute(path, error).parent_path();
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

bool MappedSequence::supported() { return std::endian::native == std::endian::little; }

MappedSequence::State::~State() {
  if (base) ::munmap(base, mapped);
  if (fd >= 0) ::close(fd);
}

MappedSequence MappedSequence::create(const std::string& path, const std::string& ruleset,
                                      Heap capacity, const SequenceRequest& request) {
  if (!supported())
    throw LimitError("file-backed sequences need a little-endian host (the values are mapped "
                     "as they lie in the file)");
  std::error_code error;
  if (std::filesystem::exists(path, error))
    throw InputError(path, fmt::format("store '{}' already exists: continue it with {}, or "
                                       "remove it to start afresh",
                                       path, front_end_words().resume("values", path)));
  const std::string text = encode_sequence_request(request);
  std::string header(kFieldsEnd, '\0');
  auto* h = reinterpret_cast<unsigned char*>(header.data());
  std::memcpy(h, kStoreMagic, sizeof kStoreMagic);
  set_le(h + 8, kVersion, 4);
  set_le(h + 16, capacity, 8);
  set_le(h + kValidAt, 0, 8);
  std::string tail(8, '\0');
  set_le(reinterpret_cast<unsigned char*>(tail.data()), ruleset.size(), 4);
  tail.resize(4);
  tail += ruleset;
  std::string length(4, '\0');
  set_le(reinterpret_cast<unsigned char*>(length.data()), text.size(), 4);
  tail += length + text;
  header += tail;
  const std::uint64_t header_bytes = (header.size() + kPage - 1) / kPage * kPage;
  header.resize(header_bytes, '\0');
  h = reinterpret_cast<unsigned char*>(header.data());
  set_le(h + 12, header_bytes, 4);
  set_le(h + kChecksumAt, header_checksum(h, header.size()), 8);

  if (capacity > (~std::uint64_t{0} - header_bytes) / 2)
    throw LimitError(fmt::format("store '{}': {} values are too many for a file", path, capacity));
  const std::uint64_t size = header_bytes + 2 * capacity;
  check_free_space(path, size);
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw InputError(path, fmt::format("cannot create store '{}': {}", path, error_text()));
  const auto fail = [&](const std::string& why) {
    ::close(fd);
    ::unlink(temporary.c_str());
    return InputError(path, fmt::format("cannot create store '{}': {}", path, why));
  };
  if (::pwrite(fd, header.data(), header.size(), 0) != static_cast<ssize_t>(header.size()))
    throw fail(error_text());
  if (::ftruncate(fd, static_cast<off_t>(size)) != 0) throw fail(error_text());
  try {
    allocate(fd, path, header_bytes, size);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  if (::fsync(fd) != 0) throw fail(error_text());
  ::close(fd);
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = error_text();
    ::unlink(temporary.c_str());
    throw InputError(path, fmt::format("cannot create store '{}': {}", path, why));
  }
  sync_directory_of(path);
  return open(path);
}

MappedSequence MappedSequence::open(const std::string& path) {
  if (!supported())
    throw LimitError("file-backed sequences need a little-endian host (the values are mapped "
                     "as they lie in the file)");
  auto state = std::make_unique<State>();
  state->path = path;
  state->fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (state->fd < 0)
    throw InputError(path, fmt::format("cannot open store '{}': {}", path, error_text()));
  struct stat st {};
  if (::fstat(state->fd, &st) != 0)
    throw InputError(path, fmt::format("cannot open store '{}': {}", path, error_text()));
  const auto file_size = static_cast<std::uint64_t>(st.st_size);
  unsigned char fields[kFieldsEnd];
  if (file_size < kPage || ::pread(state->fd, fields, sizeof fields, 0) != sizeof fields)
    throw not_a_store(path, "it is truncated");
  const auto complaint = [&path](const std::string& why) { return not_a_store(path, why); };
  ByteReader fixed(std::string_view(reinterpret_cast<const char*>(fields), sizeof fields),
                   complaint);
  fixed.magic(std::string_view(kStoreMagic, sizeof kStoreMagic));
  if (fixed.number(4) != kVersion) throw not_a_store(path, "unknown format version");
  const std::uint64_t header_bytes = fixed.number(4);
  state->capacity = fixed.number(8);
  state->valid = fixed.number(8);  // at kValidAt
  if (header_bytes < kPage || header_bytes % kPage != 0 || header_bytes > file_size ||
      state->capacity > (file_size - header_bytes) / 2 || state->valid > state->capacity)
    throw not_a_store(path, "its header does not match its length");
  std::string header(header_bytes, '\0');
  if (::pread(state->fd, header.data(), header.size(), 0) != static_cast<ssize_t>(header.size()))
    throw not_a_store(path, "it is truncated");
  const auto* h = reinterpret_cast<const unsigned char*>(header.data());
  if (get_le(h + kChecksumAt, 8) != header_checksum(h, header.size()))
    throw not_a_store(path, "header checksum mismatch (corrupt)");
  ByteReader fields_after(std::string_view(header).substr(kFieldsEnd), complaint,
                          "corrupt header");
  state->ruleset = std::string(fields_after.take(fields_after.number(4)));
  state->request = decode_sequence_request(fields_after.take(fields_after.number(4)), path);
  state->header = header_bytes;
  state->mapped = header_bytes + 2 * state->capacity;
  void* base = ::mmap(nullptr, state->mapped, PROT_READ | PROT_WRITE, MAP_SHARED, state->fd, 0);
  if (base == MAP_FAILED)
    throw InputError(path, fmt::format("cannot map store '{}': {}", path, error_text()));
  state->base = static_cast<unsigned char*>(base);
  return MappedSequence(std::move(state));
}

void MappedSequence::reserve(Heap capacity) {
  State& s = *state_;
  if (capacity <= s.capacity) return;
  if (capacity > (~std::uint64_t{0} - s.header) / 2)
    throw LimitError(fmt::format("store '{}': {} values are too many for a file", s.path, capacity));
  const std::uint64_t size = s.header + 2 * capacity;
  check_free_space(s.path, size - s.mapped);
  if (::ftruncate(s.fd, static_cast<off_t>(size)) != 0)
    throw InputError(s.path, fmt::format("cannot grow store '{}': {}", s.path, error_text()));
  allocate(s.fd, s.path, s.mapped, size);
  void* base = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, s.fd, 0);
  if (base == MAP_FAILED)
    throw InputError(s.path, fmt::format("cannot map store '{}': {}", s.path, error_text()));
  ::munmap(s.base, s.mapped);
  s.base = static_cast<unsigned char*>(base);
  s.mapped = size;
  s.capacity = capacity;
  set_le(s.base + 16, capacity, 8);
  set_le(s.base + kChecksumAt, header_checksum(s.base, s.header), 8);
  if (::msync(s.base, kPage, MS_SYNC) != 0)
    throw InputError(s.path, fmt::format("cannot write store '{}': {}", s.path, error_text()));
}

void MappedSequence::commit(Heap valid) {
  State& s = *state_;
  if (valid > s.capacity) valid = s.capacity;
  // The values first, from the page of the first value not yet committed.
  const std::uint64_t from = (s.header + 2 * std::min(valid, s.valid)) / kPage * kPage;
  const std::uint64_t to = s.header + 2 * valid;
  if (to > from && ::msync(s.base + from, to - from, MS_SYNC) != 0)
    throw InputError(s.path, fmt::format("cannot write store '{}': {}", s.path, error_text()));
  // Then the count that claims them.
  set_le(s.base + kValidAt, valid, 8);
  set_le(s.base + kChecksumAt, header_checksum(s.base, s.header), 8);
  if (::msync(s.base, kPage, MS_SYNC) != 0)
    throw InputError(s.path, fmt::format("cannot write store '{}': {}", s.path, error_text()));
  s.valid = valid;
}

void MappedSequence::release_below(Heap below) const {
  const State& s = *state_;
  const std::uint64_t end = (s.header + 2 * std::min(below, s.capacity)) / kPage * kPage;
  if (end > s.header) ::madvise(s.base + s.header, end - s.header, MADV_DONTNEED);
}

void MappedSequence::read_ahead(Heap from, Heap to) const {
  const State& s = *state_;
  to = std::min(to, s.capacity);
  if (from >= to) return;
  const std::uint64_t first = (s.header + 2 * from) / kPage * kPage;
  const std::uint64_t end = s.header + 2 * to;
  // Advice only: a kernel without MADV_POPULATE_READ (before Linux 5.14)
  // gets the older hint, and a refusal costs nothing but speed.
#if defined(MADV_POPULATE_READ)
  if (::madvise(s.base + first, end - first, MADV_POPULATE_READ) == 0) return;
#endif
  ::madvise(s.base + first, end - first, MADV_WILLNEED);
}

#else  // no mmap of files: a stand-in that says so

namespace {
[[noreturn]] void unsupported() {
  throw LimitError(fmt::format("file-backed sequences ({}) need memory-mapped files, which this "
                               "build has not",
                               option_name("store")));
}
}  // namespace

bool MappedSequence::supported() { return false; }
MappedSequence::State::~State() = default;
MappedSequence MappedSequence::create(const std::string&, const std::string&, Heap,
                                      const SequenceRequest&) {
  unsupported();
}
MappedSequence MappedSequence::open(const std::string&) { unsupported(); }
void MappedSequence::reserve(Heap) { unsupported(); }
void MappedSequence::commit(Heap) { unsupported(); }
void MappedSequence::release_below(Heap) const {}
void MappedSequence::read_ahead(Heap, Heap) const {}

#endif

}  // namespace grundy

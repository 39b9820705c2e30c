// The store of a file-backed run: G(0), G(1), ... kept in a file that is
// memory-mapped (mmap MAP_SHARED), so that the engine reads and writes the
// values where they lie on disk and the kernel's page cache holds the pages
// in use. A run's memory is then bounded by the engine's tables and the rare
// heap sizes, not by n; the disk needs 2 bytes a value
// (`grundy values CODE --to N --store FILE`, docs/sequence-file.md).
//
// Layout, all integers little-endian:
//   8 bytes  magic "GRUNDYSM"
//   4 bytes  format version (1)
//   4 bytes  H, the header's length (a multiple of 4096: the values start
//            on a page)
//   8 bytes  capacity: the values the file has room for
//   8 bytes  valid: G(0..valid-1) are on disk (as of the last commit)
//   8 bytes  FNV-1a 64-bit checksum of bytes [0, 32) and [40, H)
//   4 bytes  length L of the ruleset name, then L bytes of the name
//   4 bytes  length R of the request (sequence_request.h), then R bytes
//   zeros up to H
//   capacity × 2 bytes  the values (uint16)
// Crash consistency: commit(valid) first writes the values up to `valid`
// to disk (msync MS_SYNC), and only then the header with the new count
// (msync again), so a header never claims values that are not on disk;
// `valid` and the checksum lie in the file's first 512 bytes, one sector,
// and a torn header is refused by its checksum. The file is created under
// FILE.tmp and renamed, so FILE exists only with a complete header.
//
// Systems without mmap of files (the WebAssembly build) compile a stand-in
// whose create and open throw LimitError saying so (supported() is false).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "grundy/core/types.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/sequence_request.h"

namespace grundy {

class MappedSequence {
 public:
  // Whether this build can map files.
  static bool supported();
  // Whether `path` starts with this format's magic number (false when it
  // cannot be read).
  static bool is_store(const std::string& path);

  // Creates `path`, which must not exist, with room for `capacity` values
  // and `request` recorded, valid 0. Throws InputError naming the file when
  // it exists or cannot be made, and LimitError when the file system has too
  // little free space for 2 × capacity bytes (statvfs), or the build cannot
  // map files.
  static MappedSequence create(const std::string& path, const std::string& ruleset,
                               Heap capacity, const SequenceRequest& request);
  // Opens a store made by create (InputError naming it when it is not one,
  // or its header is corrupt).
  static MappedSequence open(const std::string& path);

  MappedSequence(MappedSequence&&) noexcept;
  MappedSequence& operator=(MappedSequence&&) noexcept;
  ~MappedSequence();

  const std::string& path() const;
  const std::string& ruleset() const;
  const SequenceRequest& request() const;
  Heap capacity() const;
  // G(0..valid()-1) are on disk, as of the last commit.
  Heap valid() const;
  // The values, capacity() of them (those past what was written read 0).
  Value16* data();
  const Value16* data() const;

  // Room for at least `capacity` values: grows the file (checking the free
  // space as create does) and maps it again, so data() may move.
  void reserve(Heap capacity);
  // Makes G(0..valid-1) durable and then records `valid` in the header
  // (both msync'ed, in that order). Throws InputError naming the file when
  // the disk refuses.
  void commit(Heap valid);
  // Lets the kernel unmap the pages of values below `below` from this
  // process (MADV_DONTNEED; they stay in the page cache and in the file,
  // and come back on the next access), so that its resident set stays the
  // size of the window in use rather than of all it touched.
  void release_below(Heap below) const;
  // Maps the pages of values from..to-1 into this process ahead of a
  // sequential read (MADV_POPULATE_READ: one call instead of a page fault
  // every few pages; reading a 2^32-value store through faults ran at a
  // third of the speed).
  void read_ahead(Heap from, Heap to) const;

 private:
  struct State;
  explicit MappedSequence(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace grundy

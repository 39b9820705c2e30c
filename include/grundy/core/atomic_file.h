// A file replaced all at once: written to FILE.tmp, flushed to disk and
// renamed over FILE on commit(), so that a run killed at any moment leaves
// either the old FILE or the new one, never a torn one. Every output file of
// grundy (sequence files, checkpoints, CSV, plots) is written this way.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace grundy {

class AtomicFile {
 public:
  // Opens FILE.tmp; throws InputError naming `path` when it cannot.
  explicit AtomicFile(std::string path);
  // Without commit(): removes FILE.tmp and leaves FILE as it was.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view bytes);
  // Flushes, syncs and renames FILE.tmp over FILE; throws InputError naming
  // FILE (disk full, say) when any write failed, leaving FILE as it was.
  void commit();

 private:
  std::string path_, temporary_;
  std::FILE* file_ = nullptr;
  bool ok_ = true;
};

}  // namespace grundy

#include "grundy/core/atomic_file.h"

#include <unistd.h>

#include <fmt/format.h>

#include "grundy/core/error.h"

namespace grundy {

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)), temporary_(path_ + ".tmp") {
  file_ = std::fopen(temporary_.c_str(), "wb");
  if (!file_) throw InputError(path_, fmt::format("cannot write '{}'", temporary_));
}

AtomicFile::~AtomicFile() {
  if (!file_) return;
  std::fclose(file_);
  std::remove(temporary_.c_str());
}

void AtomicFile::write(std::string_view bytes) {
  if (ok_ && !bytes.empty()) ok_ = std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size();
}

void AtomicFile::commit() {
  bool ok = ok_ && std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;
  ok = std::fclose(file_) == 0 && ok;
  file_ = nullptr;
  if (!ok || std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    std::remove(temporary_.c_str());
    throw InputError(path_, fmt::format("cannot write '{}' (disk full?)", path_));
  }
}

}  // namespace grundy

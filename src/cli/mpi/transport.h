// The MPI back end of `grundy survey` as a plugin (grundy-mpi.so), loaded
// only when an MPI launcher started the command (survey_run.cpp). The
// command itself does not link MPI: Open MPI's libraries (libmpi, open-pal,
// hwloc, libevent, udev) cost about 5 ms at every start of a program that
// links them (`grundy --version`: 15 ms with them, 10 ms without), and most
// commands never use them.
//
// The plugin holds nothing but these few MPI calls, behind a C interface:
// no C++ type crosses it, so the command and the plugin need not agree on
// anything but this struct (and its version).
#pragma once

extern "C" {

// Bumped whenever the struct changes: a plugin of another version is refused.
#define GRUNDY_MPI_TRANSPORT_VERSION 1
// A source or tag that matches any (MPI_ANY_SOURCE, MPI_ANY_TAG).
#define GRUNDY_MPI_ANY (-1)

struct GrundyMpiTransport {
  int version;
  // MPI_Init, then this process's rank and the number of ranks.
  void (*init)(int* rank, int* ranks);
  void (*finalize)(void);
  // A message of `size` bytes (MPI_CHAR) to rank `to` with `tag`, blocking.
  void (*send)(const char* data, int size, int to, int tag);
  // Whether a message from `from` with `tag` (either GRUNDY_MPI_ANY) has
  // arrived, without waiting; if so, its source, tag and size in bytes.
  int (*probe)(int from, int tag, int* source, int* arrived_tag, int* size);
  // Receives the message `probe` found (from `from` with `tag`, `size` bytes).
  void (*receive)(char* data, int size, int from, int tag);
};

// The one symbol the plugin exports.
const struct GrundyMpiTransport* grundy_mpi_transport(void);
typedef const struct GrundyMpiTransport* (*GrundyMpiTransportEntry)(void);

}  // extern "C"

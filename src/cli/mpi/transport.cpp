// grundy-mpi.so: the MPI calls of `grundy survey`'s MPI back end
// (transport.h says why they are a plugin). Built only when CMake finds MPI.
#include "transport.h"

#include <mpi.h>

namespace {

void init(int* rank, int* ranks) {
  MPI_Init(nullptr, nullptr);
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, ranks);
}

void finalize() { MPI_Finalize(); }

void send(const char* data, int size, int to, int tag) {
  MPI_Send(data, size, MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

int source_of(int from) { return from == GRUNDY_MPI_ANY ? MPI_ANY_SOURCE : from; }
int tag_of(int tag) { return tag == GRUNDY_MPI_ANY ? MPI_ANY_TAG : tag; }

int probe(int from, int tag, int* source, int* arrived_tag, int* size) {
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(source_of(from), tag_of(tag), MPI_COMM_WORLD, &arrived, &status);
  if (!arrived) return 0;
  *source = status.MPI_SOURCE;
  *arrived_tag = status.MPI_TAG;
  MPI_Get_count(&status, MPI_CHAR, size);
  return 1;
}

void receive(char* data, int size, int from, int tag) {
  MPI_Recv(data, size, MPI_CHAR, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

const GrundyMpiTransport kTransport = {GRUNDY_MPI_TRANSPORT_VERSION, init, finalize, send, probe,
                                       receive};

}  // namespace

extern "C" __attribute__((visibility("default"))) const GrundyMpiTransport*
grundy_mpi_transport(void) {
  return &kTransport;
}

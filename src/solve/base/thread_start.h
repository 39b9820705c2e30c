// The one way the library starts helper threads (the rare/common engine's
// helpers, the split-set and partition-set engines' second thread, the
// survey's workers), with the one policy when the system refuses one, and a
// switch that makes starts fail for the tests.
//
// Description: the system may refuse a thread (a limit on threads or
//   processes, a container's pids limit): std::thread's constructor then
//   throws std::system_error. The policy: a refused thread is not an error.
//   The work goes on with the threads already running, at least the
//   caller's own, because no result of the library depends on the number
//   of threads (each engine's values are checked against one thread's in
//   the stress tests). try_start_thread and start_helpers carry it out, so
//   no caller catches std::system_error itself. A refusal cannot be
//   provoked otherwise where the tests run as root, to whom no such limit
//   applies; so refuse_thread_starts makes the next starts fail as a
//   refusal would.
// Status: every caller's refusal path runs under the switch in
//   tests/stress/thread_refusal_test.cpp.
#pragma once

#include <optional>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace grundy::detail {

// For tests: after the next `allowed` calls of start_thread, the `count`
// after them throw (count 0: none).
void refuse_thread_starts(unsigned count, unsigned allowed = 0);
// How many refusals asked for are still to come.
unsigned thread_starts_to_refuse();
// Whether this start is to be refused (counts it).
bool take_thread_refusal();

// A thread running `body`, or nothing when the system refuses it.
template <class Body>
std::optional<std::thread> try_start_thread(Body&& body) {
  if (take_thread_refusal()) return std::nullopt;
  try {
    return std::thread(std::forward<Body>(body));
  } catch (const std::system_error&) {
    return std::nullopt;
  }
}

// Up to `count` threads each running a copy of `body`: fewer (maybe none)
// when the system refuses one, and then no more are asked for. The caller
// joins them.
template <class Body>
std::vector<std::thread> start_helpers(unsigned count, const Body& body) {
  std::vector<std::thread> started;
  started.reserve(count);
  for (unsigned i = 0; i < count; ++i) {
    std::optional<std::thread> thread = try_start_thread(body);
    if (!thread) break;
    started.push_back(std::move(*thread));
  }
  return started;
}

}  // namespace grundy::detail

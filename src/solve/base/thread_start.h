// Starting the sequence engines' helper threads (rare_common.cpp,
// split_set_engine.cpp), with a switch that makes starts fail for the tests.
//
// Description: start_thread is std::thread's constructor, which throws
//   std::system_error when the system refuses a thread (a limit on threads
//   or processes, a container's pids limit). What the engines do then (the
//   rare/common engine stops with a LimitError naming the thread count; the
//   split-set engine goes on with one thread) cannot be provoked otherwise
//   where the tests run as root, to whom no such limit applies; so
//   refuse_thread_starts makes the next starts throw as a refusal would.
// Status: the engines' refusal paths run under it in
//   tests/stress/thread_refusal_test.cpp.
#pragma once

#include <system_error>
#include <thread>
#include <utility>

namespace grundy::detail {

// For tests: after the next `allowed` calls of start_thread, the `count`
// after them throw (count 0: none).
void refuse_thread_starts(unsigned count, unsigned allowed = 0);
// How many refusals asked for are still to come.
unsigned thread_starts_to_refuse();
// Whether this start is to be refused (counts it).
bool take_thread_refusal();

template <class Body>
std::thread start_thread(Body&& body) {
  if (take_thread_refusal())
    throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again),
                            "thread refused for a test");
  return std::thread(std::forward<Body>(body));
}

}  // namespace grundy::detail

// Long computations from Python: Ctrl-C and a progress callback while the
// library works without the GIL, or, for games written in Python (which call
// Python at every step and so hold the GIL), from the search's own thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "binding.h"

namespace grundy::python {

// The latest progress a worker reported, handed from its thread to Python's.
template <class Report>
struct ProgressBox {
  std::mutex mutex;
  Report latest{};
  bool fresh = false;
  void report(const Report& p) {
    std::lock_guard lock(mutex);
    latest = p;
    fresh = true;
  }
  // The report when one came since the last call.
  std::optional<Report> take() {
    std::lock_guard lock(mutex);
    if (!fresh) return std::nullopt;
    fresh = false;
    return latest;
  }
};

// Raises KeyboardInterrupt with `message` (the pending one is replaced).
[[noreturn]] inline void raise_interrupt(const std::string& message) {
  PyErr_SetString(PyExc_KeyboardInterrupt, message.c_str());
  throw py::error_already_set();
}

// Runs `work` on a thread of its own while this one, without the GIL, waits.
// Every 50 ms it takes the GIL to look for Ctrl-C (PyErr_CheckSignals) and
// to call `deliver()`, which hands fresh progress to the user's callback. A
// Python exception from either raises `stop`; work() must then return or
// throw soon (the engines and searches read the flag every few thousand
// steps: an engine returns with a consistent prefix, a search throws
// Interrupted having stored nothing half-valued). The Python exception is
// then raised here, a KeyboardInterrupt with `interrupted()` as its message;
// without one, an exception from work() is rethrown as it is.
template <class Work>
void run_interruptible(Work work, std::atomic<bool>& stop, const std::function<void()>& deliver,
                       const std::function<std::string()>& interrupted) {
  std::mutex mutex;
  std::condition_variable done_signal;
  bool done = false;
  std::exception_ptr failure;
  std::optional<py::error_already_set> python_error;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      done_signal.notify_all();
    });
    while (true) {
      {
        std::unique_lock lock(mutex);
        if (done_signal.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
      }
      if (stop.load()) continue;  // stopping already: only wait
      py::gil_scoped_acquire acquire;
      try {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        deliver();
      } catch (py::error_already_set& e) {
        python_error.emplace(std::move(e));
        stop.store(true);
      }
    }
    worker.join();
  }
  if (python_error) {
    if (python_error->matches(PyExc_KeyboardInterrupt)) {
      python_error.reset();
      raise_interrupt(interrupted());
    }
    throw std::move(*python_error);
  }
  if (failure) std::rethrow_exception(failure);
}

// A SearchControl (search_control.h) for a search that runs on this thread
// with the GIL held (a game written in Python is searched): every
// kSearchTick positions it looks for Ctrl-C and calls `callback(search,
// positions, limit)` when there is one; a Python exception from either
// propagates out of the search, which stores nothing half-valued.
inline SearchControl python_thread_control(const py::object& callback) {
  SearchControl control;
  control.progress = [callback](const SearchProgress& p) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!callback.is_none()) callback(std::string(p.search), p.positions, p.limit);
  };
  return control;
}

// Runs a position search (`work(control)`) with Ctrl-C and progress: on a
// thread of its own without the GIL, or, when `calls_python` (a game written
// in Python is part of it), here with the GIL held. `callback` is None or
// callback(search, positions, limit); `what` names the work in the
// KeyboardInterrupt's message ("analysis interrupted") unless `interrupted`
// gives one (what was saved, and how to go on).
template <class Work>
void run_search(bool calls_python, const py::object& callback, const std::string& what,
                Work work, const std::function<std::string()>& interrupted = {}) {
  const auto message = [&] { return interrupted ? interrupted() : what + " interrupted"; };
  if (calls_python) {
    const SearchControl control = python_thread_control(callback);
    try {
      work(&control);
      return;
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_KeyboardInterrupt)) throw;
    }
    raise_interrupt(message());
  }
  std::atomic<bool> stop{false};
  ProgressBox<SearchProgress> box;
  SearchControl control;
  control.progress = [&box](const SearchProgress& p) { box.report(p); };
  control.stop = &stop;
  run_interruptible([&] { work(&control); }, stop,
                    [&] {
                      if (callback.is_none()) return;
                      if (auto p = box.take()) callback(std::string(p->search), p->positions, p->limit);
                    },
                    message);
}

}  // namespace grundy::python

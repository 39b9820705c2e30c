# Builds TARGET in BUILD_DIR and passes when the build fails with every
# message of wrong_hooks.cpp (one per wrong game); ctest runs it as
# `cmake -DBUILD_DIR=... -DTARGET=... -P expect_messages.cmake`.
set(messages
  "G::components is declared but cannot be called"
  "G::canonical is declared but cannot be called"
  "G::primitive is declared but cannot be called"
  "was taken for the vector form of moves"
  "G::moves is not a const member function"
  "G::moves takes the position by non-const reference"
  "moves as moves need `position play"
  "G has no moves"
  "each argument of visit\\(\\) must be a position")
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "${TARGET} compiled, but each of its games has a wrong hook")
endif()
set(missing 0)
foreach(m IN LISTS messages)
  if(NOT out MATCHES "${m}")
    message(SEND_ERROR "missing compile-time message: ${m}")
    set(missing 1)
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "the compiler said:\n${out}")
endif()
message(STATUS "every wrong hook named: ${TARGET} failed with its ${CMAKE_ARGC} messages")

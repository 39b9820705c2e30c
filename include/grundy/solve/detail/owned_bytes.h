// What a position owns on the heap, estimated from its type: the elements
// of a std::vector or std::string (by capacity), the nodes of a node-based
// container (std::set, std::map, std::list), and recursively what those
// elements and the members of a std::pair own. GameSolver (user_game.h)
// adds it to the bytes of its table, so that GameLimits::bytes bounds the
// memory of games whose positions are vectors or strings, which
// sizeof(position) alone does not see.
//
// Description: a type with capacity() and data() is a contiguous container
//   (its capacity times the element size; a std::string of at most 15
//   characters owns nothing, held in the object as libstdc++ and libc++ do);
//   a type with an allocator_type and a size() is node-based (per element
//   the element and two pointers); std::pair adds its members; std::array
//   adds its elements; anything else owns nothing. Elements that are
//   trivially copyable own nothing, so a vector of ints costs one
//   multiplication, not a loop.
// Source: the allocation layouts of the standard containers (libstdc++).
// Time: O(1) for a vector or string of trivially copyable elements; O(size)
//   for one of containers.
// Status: tests/stress/user_game_search_test.cpp (the byte limit holds for
//   vector positions).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace grundy::detail {

template <class T>
std::size_t owned_bytes(const T& value);

template <class T>
struct IsPair : std::false_type {};
template <class A, class B>
struct IsPair<std::pair<A, B>> : std::true_type {};
template <class T>
struct IsArray : std::false_type {};
template <class E, std::size_t N>
struct IsArray<std::array<E, N>> : std::true_type {};

template <class Element, class Range>
std::size_t elements_owned_bytes(const Range& range) {
  if constexpr (std::is_trivially_copyable_v<Element>) {
    return 0;
  } else {
    std::size_t bytes = 0;
    for (const auto& element : range) bytes += owned_bytes(element);
    return bytes;
  }
}

template <class T>
std::size_t owned_bytes(const T& value) {
  if constexpr (std::is_same_v<T, std::string>) {
    return value.capacity() > 15 ? value.capacity() + 1 : 0;
  } else if constexpr (IsPair<T>::value) {
    return owned_bytes(value.first) + owned_bytes(value.second);
  } else if constexpr (IsArray<T>::value) {
    return elements_owned_bytes<typename T::value_type>(value);
  } else if constexpr (requires {
                         typename T::value_type;
                         value.capacity();
                         value.data();
                       }) {
    using Element = typename T::value_type;
    return value.capacity() * sizeof(Element) + elements_owned_bytes<Element>(value);
  } else if constexpr (requires {
                         typename T::value_type;
                         typename T::allocator_type;
                         value.size();
                       }) {
    using Element = typename T::value_type;
    return value.size() * (sizeof(Element) + 2 * sizeof(void*)) +
           elements_owned_bytes<Element>(value);
  } else {
    return 0;
  }
}

// Whether a position of type T can own heap memory (else owned_bytes is 0
// and need not be called).
template <class T>
inline constexpr bool kMayOwnBytes = !std::is_trivially_copyable_v<T>;

}  // namespace grundy::detail

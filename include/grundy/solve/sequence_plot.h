// G(n) against n as an SVG scatter plot, one dot per n, in the manner of
// the classic pictures of octal games, with the period marked when one is
// known: `grundy values --plot FILE.svg`, `grundy pattern --plot`, and
// Python's grundy.plot.
#pragma once

#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/solve/periodicity.h"

namespace grundy {

// Writes to `path` a standalone SVG image (valid XML, UTF-8) of the points
// (from + i, values[i]) titled `title`. A periodicity with period > 0 is
// marked from its preperiod on: a shaded band, a dashed line every period
// (only while they are at least 8 pixels apart) and a legend such as
// "period 12 from n = 71 (proven)"; with period 0 the legend says that no
// period was found. Dots that would fall on the same pixel are drawn once, so
// the file grows with the pixels covered, not with the number of values.
// Throws InputError naming `path` if it cannot be written.
void write_svg_plot(const std::string& path, const std::string& title, Heap from,
                    const std::vector<Nimber>& values, const Periodicity* periodicity);

// The same image as text (for tests and for writing elsewhere).
std::string svg_plot(const std::string& title, Heap from, const std::vector<Nimber>& values,
                     const Periodicity* periodicity);

}  // namespace grundy

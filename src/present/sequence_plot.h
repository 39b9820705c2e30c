// G(n) against n as an SVG scatter plot, one dot per n, in the manner of
// the classic pictures of octal games, with the period marked when one is
// known: `grundy values --plot FILE.svg`, `grundy pattern --plot`, and
// Python's grundy.plot.
#pragma once

#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/solve/periodicity.h"

namespace grundy::present {

// How a plot looks: its title and its size in pixels (--title, --size).
struct PlotStyle {
  std::string title;
  unsigned width = 960;
  unsigned height = 600;
};

// --size WxH, e.g. 1200x800, each side from 320 to 8000 pixels; throws
// InputError naming the text.
void set_plot_size(PlotStyle& style, const std::string& text);

// The format of --plot PATH by its extension: "svg", "png" or "pdf" ('-':
// SVG on standard output). Throws InputError for any other extension, so
// that a wrong one is refused before any work rather than written as SVG.
std::string plot_format(const std::string& path);

// Writes the plot to `path` in plot_format(path): SVG directly, PNG and PDF
// by converting the SVG with rsvg-convert (Debian package librsvg2-bin), a
// LimitError naming the package when it is not installed.
void write_plot(const std::string& path, const PlotStyle& style, Heap from,
                const std::vector<Nimber>& values, const Periodicity* periodicity);
std::string svg_plot(const PlotStyle& style, Heap from, const std::vector<Nimber>& values,
                     const Periodicity* periodicity);

// Writes to `path` a standalone SVG image (valid XML, UTF-8) of the points
// (from + i, values[i]) titled `title`. A periodicity with period > 0 is
// marked once from its preperiod on: a shaded band, a line at the preperiod
// and a legend such as "period 12 from n = 71 (proven)" or, for an
// arithmetic period, "arithmetic period 4, saltus 4 from n = 1 (proven)";
// with period 0 the legend says that no period was found up to N. Dots that would fall on the same pixel are drawn once, so
// the file grows with the pixels covered, not with the number of values.
// Throws InputError naming `path` if it cannot be written.
void write_svg_plot(const std::string& path, const std::string& title, Heap from,
                    const std::vector<Nimber>& values, const Periodicity* periodicity);

// The same image as text (for tests and for writing elsewhere).
std::string svg_plot(const std::string& title, Heap from, const std::vector<Nimber>& values,
                     const Periodicity* periodicity);

}  // namespace grundy::present

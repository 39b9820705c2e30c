// SVG scatter plots of heap-value sequences; see sequence_plot.h.
//
// Description: one dot per n on a fixed 960x600 canvas; dots are deduplicated
//   on the pixel grid of the plot area, so the file holds at most one dot per
//   pixel (measured: 3.5 MB for 10^6 random values below 1000, 35 kB for
//   10^6 values of a periodic subtraction game, 10 kB for Kayles to 500).
//   Floating point is used for drawing coordinates only; every value plotted
//   is an exact integer computed elsewhere, and positions along n are offsets
//   from the first n, exact for any n up to 2^63.
// Time: O(values + pixels). Memory: one bit per pixel of the plot area.
// Status: tests/cli/explain_plot_test.cpp (well-formed XML by a small reader
//   and by xmllint where installed, escaping, dot counts, unwritable paths);
//   rendered with headless Chromium and looked at (docs/images/kayles-plot.png).
#include "grundy/solve/sequence_plot.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include <fmt/format.h>

#include "grundy/core/atomic_file.h"
#include "grundy/core/error.h"

namespace grundy {

namespace {

// The canvas and the plot area inside it, in SVG user units (pixels).
constexpr int kWidth = 960;
constexpr int kHeight = 600;
constexpr int kLeft = 76;
constexpr int kRight = 936;
constexpr int kTop = 64;
constexpr int kBottom = 536;
constexpr int kPlotWidth = kRight - kLeft;
constexpr int kPlotHeight = kBottom - kTop;
// About this many ticks on each axis.
constexpr double kTickTarget = 10;
// Period lines closer than this (pixels) would hide the dots: then only the
// band and the line at the preperiod are drawn.
constexpr double kMinLineSpacing = 8;
// Dots per <path> element, to keep lines of the file short.
constexpr std::size_t kDotsPerPath = 1000;

std::string escape_xml(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters other than tab and newline are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') out += c;
    }
  }
  return out;
}

// A coordinate with at most one decimal, without a trailing ".0".
std::string coordinate(double v) {
  std::string text = fmt::format("{:.1f}", v);
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  if (text == "-0") text = "0";
  return text;
}

// 1, 2 or 5 times a power of ten, at least `at_least` (> 0).
double nice_step(double at_least) {
  double power = std::pow(10.0, std::floor(std::log10(at_least)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= at_least) return m * power;
  return 10 * power;
}

// A linear map from [lo, hi] onto [a, b].
struct Axis {
  double lo, hi, a, b;
  double operator()(double v) const { return a + (v - lo) / (hi - lo) * (b - a); }
};

std::string period_legend(const Periodicity& p) {
  if (p.period == 0) return fmt::format("no period found in G(0..{})", p.checked_to - 1);
  std::string text = fmt::format("period {}", p.period);
  if (p.saltus != 0) text += fmt::format(", saltus {}", p.saltus);
  text += fmt::format(" from n = {} ({})", p.preperiod, p.proven ? "proven" : "observed");
  return text;
}

}  // namespace

std::string svg_plot(const std::string& title, Heap from, const std::vector<Nimber>& values,
                     const Periodicity* periodicity) {
  const std::size_t count = values.size();
  const Heap last = count == 0 ? from : from + (count - 1);
  Nimber top_value = 0;
  for (Nimber v : values) top_value = std::max(top_value, v);

  // Positions along n are offsets from `from`, exact in a double for every
  // count of values, whereas n itself (up to 2^63) is not. Half a step of
  // room at each end keeps the first and last dots clear of the axes.
  const double span = static_cast<double>(last - from);
  const double x_pad = std::max(0.5, span / 100);
  const Axis x{-x_pad, span + x_pad, kLeft, kRight};
  auto x_of = [&](Heap n) { return x(static_cast<double>(n - from)); };
  const double y_step =
      std::max(1.0, nice_step(static_cast<double>(std::max<Nimber>(top_value, 1)) / kTickTarget));
  const auto y_ticks = static_cast<int>(std::max(1.0, std::ceil(static_cast<double>(top_value) / y_step)));
  const double y_top = y_ticks * y_step;
  const Axis y{-y_top / 40, y_top * 1.04, kBottom, kTop};
  const auto x_step = static_cast<Heap>(std::max(1.0, nice_step((span + 1) / kTickTarget)));

  std::string svg;
  svg += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" "
      "font-size=\"13\">\n",
      kWidth, kHeight);
  svg += fmt::format("<title>{}</title>\n", escape_xml(title));
  svg += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", kWidth, kHeight);

  // Period: a band from the preperiod on and a dashed line every period.
  std::string legend;
  bool marked = false;
  if (periodicity != nullptr) {
    legend = period_legend(*periodicity);
    const Heap period = periodicity->period, start = periodicity->preperiod;
    marked = period > 0 && start <= last;
    if (marked) {
      const double band_from = x_of(std::max(start, from));
      svg += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#fbe3c0\" "
          "fill-opacity=\"0.55\"/>\n",
          coordinate(band_from), kTop, coordinate(kRight - band_from), kPlotHeight);
      const double spacing = static_cast<double>(period) * kPlotWidth / (span + 2 * x_pad);
      if (spacing >= kMinLineSpacing) {
        svg += "<g stroke=\"#d9822b\" stroke-width=\"1\" stroke-opacity=\"0.7\" "
               "stroke-dasharray=\"4 3\">\n";
        // The first n >= from of the form start + j*period; at most
        // kPlotWidth / kMinLineSpacing lines follow.
        Heap n = start >= from ? start : start + (from - start + period - 1) / period * period;
        while (n >= start && n <= last) {
          svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n",
                             coordinate(x_of(n)), kTop, kBottom);
          if (last - n < period) break;
          n += period;
        }
        svg += "</g>\n";
      } else if (start >= from) {
        svg += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#d9822b\" "
            "stroke-width=\"1\"/>\n",
            coordinate(band_from), kTop, kBottom);
      }
      if (start >= from)
        svg += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" "
            "fill=\"#a85a12\">{}</text>\n",
            coordinate(band_from), kTop - 4, start);
    }
  }

  // Grid, axes, ticks and their labels.
  std::string labels;
  svg += "<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  for (int j = 1; j <= y_ticks; ++j)
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", kLeft,
                       coordinate(y(j * y_step)), kRight);
  svg += "</g>\n";
  svg += "<g stroke=\"#333333\" stroke-width=\"1\">\n";
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", kLeft, kBottom, kRight);
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", kLeft, kTop, kBottom);
  for (int j = 0; j <= y_ticks; ++j) {
    const double g = j * y_step;
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", kLeft - 5,
                       coordinate(y(g)), kLeft);
    labels += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{:.0f}</text>\n",
                          kLeft - 8, coordinate(y(g) + 4.5), g);
  }
  // Ticks at the multiples of x_step in [from, last], computed in integers.
  for (Heap t = (from + x_step - 1) / x_step * x_step; t >= from && t <= last; t += x_step) {
    const std::string at = coordinate(x_of(t));
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", at, kBottom,
                       kBottom + 5);
    labels += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", at,
                          kBottom + 20, t);
    if (last - t < x_step) break;
  }
  svg += "</g>\n";
  svg += "<g fill=\"#333333\">\n" + labels + "</g>\n";
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"15\">n</text>\n",
                     (kLeft + kRight) / 2, kBottom + 44);
  svg += fmt::format(
      "<text x=\"22\" y=\"{0}\" text-anchor=\"middle\" font-size=\"15\" "
      "transform=\"rotate(-90 22 {0})\">G(n)</text>\n",
      (kTop + kBottom) / 2);
  svg += fmt::format(
      "<text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"18\" "
      "font-weight=\"bold\">{}</text>\n",
      kWidth / 2, escape_xml(title));
  if (!legend.empty()) {
    svg += fmt::format("<g transform=\"translate({} 44)\">\n", kLeft);
    if (marked)
      svg += "<rect x=\"0\" y=\"-10\" width=\"14\" height=\"12\" fill=\"#fbe3c0\" "
             "stroke=\"#d9822b\" stroke-dasharray=\"4 3\"/>\n";
    svg += fmt::format("<text x=\"{}\" y=\"0\">{}</text>\n</g>\n", marked ? 20 : 0,
                       escape_xml(legend));
  }

  // The dots: one per n, drawn once per pixel they fall on. A zero-length
  // subpath with round caps is a dot of the stroke's width (SVG 1.1,
  // 'stroke-linecap').
  const double dot = std::clamp(2.0 * kPlotWidth / (span + 1), 2.0, 5.0);
  std::vector<bool> drawn(static_cast<std::size_t>(kPlotWidth + 1) * (kPlotHeight + 1), false);
  std::size_t in_path = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const int px = std::clamp(static_cast<int>(std::lround(x(static_cast<double>(i)))), kLeft, kRight);
    const int py = std::clamp(static_cast<int>(std::lround(y(static_cast<double>(values[i])))), kTop,
                              kBottom);
    const std::size_t cell = static_cast<std::size_t>(px - kLeft) * (kPlotHeight + 1) +
                             static_cast<std::size_t>(py - kTop);
    if (drawn[cell]) continue;
    drawn[cell] = true;
    if (in_path == 0)
      svg += fmt::format(
          "<path fill=\"none\" stroke=\"#1d4f91\" stroke-width=\"{}\" "
          "stroke-linecap=\"round\" d=\"",
          coordinate(dot));
    svg += fmt::format("M{} {}h0", px, py);
    if (++in_path == kDotsPerPath) {
      svg += "\"/>\n";
      in_path = 0;
    }
  }
  if (in_path > 0) svg += "\"/>\n";
  svg += "</svg>\n";
  return svg;
}

void write_svg_plot(const std::string& path, const std::string& title, Heap from,
                    const std::vector<Nimber>& values, const Periodicity* periodicity) {
  const std::string svg = svg_plot(title, from, values, periodicity);
  // Replaced all at once: an interrupted write leaves the older plot.
  AtomicFile out(path);
  out.write(svg);
  out.commit();
}

}  // namespace grundy

// SVG scatter plots of heap-value sequences; see sequence_plot.h.
//
// Description: one dot per n on a 960x600 canvas (--size); dots are deduplicated
//   on the pixel grid of the plot area, so the file holds at most one dot per
//   pixel (measured: 3.5 MB for 10^6 random values below 1000, 35 kB for
//   10^6 values of a periodic subtraction game, 10 kB for Kayles to 500).
//   Floating point is used for drawing coordinates only; every value plotted
//   is an exact integer computed elsewhere, and positions along n are offsets
//   from the first n, exact for any n up to 2^63.
// Time: O(values + pixels). Memory: one bit per pixel of the plot area.
// Status: tests/cli/explain_plot_test.cpp (well-formed XML by a small reader
//   and by xmllint where installed, escaping, dot counts, unwritable paths);
//   tests/cli/plot_render_test.cpp (opened in headless Chromium; PNG and PDF
//   by rsvg-convert).
#include "present/sequence_plot.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string_view>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include "grundy/core/atomic_file.h"
#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/rules/registry.h"

namespace grundy::present {

namespace {

// The default canvas, and the margins around the plot area, in SVG user
// units (pixels); --size changes the canvas, the margins stay.
constexpr int kMarginLeft = 76;
constexpr int kMarginRight = 24;
constexpr int kMarginTop = 64;
constexpr int kMarginBottom = 64;
constexpr unsigned kSmallestSide = 320;
constexpr unsigned kLargestSide = 8000;
// About this many ticks on each axis.
constexpr double kTickTarget = 10;
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
  if (p.period == 0)
    return p.checked_to == 0 ? "no period found"
                             : fmt::format("no period found up to n = {}", p.checked_to - 1);
  std::string text = fmt::format("{}period {}", p.saltus != 0 ? "arithmetic " : "", p.period);
  if (p.saltus != 0) text += fmt::format(", saltus {}", p.saltus);
  text += fmt::format(" from n = {} ({})", p.preperiod, p.proven ? "proven" : "observed");
  return text;
}

}  // namespace

std::string svg_plot(const std::string& title, Heap from, const std::vector<Nimber>& values,
                     const Periodicity* periodicity) {
  PlotStyle style;
  style.title = title;
  return svg_plot(style, from, values, periodicity);
}

std::string svg_plot(const PlotStyle& style, Heap from, const std::vector<Nimber>& values,
                     const Periodicity* periodicity) {
  const int width = static_cast<int>(style.width), height = static_cast<int>(style.height);
  const int left = kMarginLeft, right = width - kMarginRight;
  const int top = kMarginTop, bottom = height - kMarginBottom;
  const int plot_width = right - left, plot_height = bottom - top;
  const std::string& title = style.title;
  const std::size_t count = values.size();
  const Heap last = count == 0 ? from : from + (count - 1);
  Nimber top_value = 0;
  for (Nimber v : values) top_value = std::max(top_value, v);

  // Positions along n are offsets from `from`, exact in a double for every
  // count of values, whereas n itself (up to 2^63) is not. Half a step of
  // room at each end keeps the first and last dots clear of the axes.
  const double span = static_cast<double>(last - from);
  const double x_pad = std::max(0.5, span / 100);
  const Axis x{-x_pad, span + x_pad, static_cast<double>(left), static_cast<double>(right)};
  auto x_of = [&](Heap n) { return x(static_cast<double>(n - from)); };
  const double y_step =
      std::max(1.0, nice_step(static_cast<double>(std::max<Nimber>(top_value, 1)) / kTickTarget));
  const auto y_ticks = static_cast<int>(std::max(1.0, std::ceil(static_cast<double>(top_value) / y_step)));
  const double y_top = y_ticks * y_step;
  const Axis y{-y_top / 40, y_top * 1.04, static_cast<double>(bottom), static_cast<double>(top)};
  const auto x_step = static_cast<Heap>(std::max(1.0, nice_step((span + 1) / kTickTarget)));

  std::string svg;
  svg += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" "
      "font-size=\"13\">\n",
      width, height);
  svg += fmt::format("<title>{}</title>\n", escape_xml(title));
  svg += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", width, height);

  // Period: a band from the preperiod on, a line where it begins.
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
          coordinate(band_from), top, coordinate(right - band_from), plot_height);
      // One band and one line where the period begins: a line every
      // period would swamp the dots of a long plot.
      if (start >= from)
        svg += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#d9822b\" "
            "stroke-width=\"1\"/>\n",
            coordinate(band_from), top, bottom);
      if (start >= from)
        svg += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" "
            "fill=\"#a85a12\">{}</text>\n",
            coordinate(band_from), top - 4, start);
    }
  }

  // Grid, axes, ticks and their labels.
  std::string labels;
  svg += "<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  for (int j = 1; j <= y_ticks; ++j)
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", left,
                       coordinate(y(j * y_step)), right);
  svg += "</g>\n";
  svg += "<g stroke=\"#333333\" stroke-width=\"1\">\n";
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", left, bottom, right);
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", left, top, bottom);
  for (int j = 0; j <= y_ticks; ++j) {
    const double g = j * y_step;
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>\n", left - 5,
                       coordinate(y(g)), left);
    labels += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{:.0f}</text>\n",
                          left - 8, coordinate(y(g) + 4.5), g);
  }
  // Ticks at the multiples of x_step in [from, last], computed in integers.
  for (Heap t = (from + x_step - 1) / x_step * x_step; t >= from && t <= last; t += x_step) {
    const std::string at = coordinate(x_of(t));
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>\n", at, bottom,
                       bottom + 5);
    labels += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", at,
                          bottom + 20, t);
    if (last - t < x_step) break;
  }
  svg += "</g>\n";
  svg += "<g fill=\"#333333\">\n" + labels + "</g>\n";
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"15\">n</text>\n",
                     (left + right) / 2, bottom + 44);
  svg += fmt::format(
      "<text x=\"22\" y=\"{0}\" text-anchor=\"middle\" font-size=\"15\" "
      "transform=\"rotate(-90 22 {0})\">G(n)</text>\n",
      (top + bottom) / 2);
  svg += fmt::format(
      "<text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"18\" "
      "font-weight=\"bold\">{}</text>\n",
      width / 2, escape_xml(title));
  if (!legend.empty()) {
    svg += fmt::format("<g transform=\"translate({} 44)\">\n", left);
    if (marked)
      svg += "<rect x=\"0\" y=\"-10\" width=\"14\" height=\"12\" fill=\"#fbe3c0\" "
             "stroke=\"#d9822b\"/>\n";
    svg += fmt::format("<text x=\"{}\" y=\"0\">{}</text>\n</g>\n", marked ? 20 : 0,
                       escape_xml(legend));
  }

  // The dots: one per n, drawn once per pixel they fall on. A zero-length
  // subpath with round caps is a dot of the stroke's width (SVG 1.1,
  // 'stroke-linecap').
  const double dot = std::clamp(2.0 * plot_width / (span + 1), 2.0, 5.0);
  std::vector<bool> drawn(static_cast<std::size_t>(plot_width + 1) * (plot_height + 1), false);
  std::size_t in_path = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const int px = std::clamp(static_cast<int>(std::lround(x(static_cast<double>(i)))), left, right);
    const int py = std::clamp(static_cast<int>(std::lround(y(static_cast<double>(values[i])))), top,
                              bottom);
    const std::size_t cell = static_cast<std::size_t>(px - left) * (plot_height + 1) +
                             static_cast<std::size_t>(py - top);
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

void set_plot_size(PlotStyle& style, const std::string& text) {
  const auto x = text.find_first_of("xX");
  const auto side = [&](const std::string& digits) -> unsigned {
    Heap v = 0;
    try {
      v = parse_heap(digits);
    } catch (const InputError&) {
      v = 0;
    }
    if (v < kSmallestSide || v > kLargestSide)
      throw InputError(text, fmt::format("{} '{}' is not WIDTHxHEIGHT in pixels, each from {} "
                                         "to {} (e.g. 1200x800)",
                                         option_name("size"), text, kSmallestSide,
                                         kLargestSide));
    return static_cast<unsigned>(v);
  };
  if (x == std::string::npos) side("");
  style.width = side(text.substr(0, x));
  style.height = side(text.substr(x + 1));
}

std::string plot_format(const std::string& path) {
  if (path == "-") return "svg";
  const auto dot = path.rfind('.');
  const auto slash = path.rfind('/');
  std::string extension =
      dot == std::string::npos || (slash != std::string::npos && dot < slash) ? "" : path.substr(dot + 1);
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == "svg" || extension == "png" || extension == "pdf") return extension;
  throw InputError(path, fmt::format("{} '{}': the file name must end in .svg, .png or .pdf "
                                     "(or be '-' for SVG on standard output)",
                                     option_name("plot"), path));
}

namespace {

// Runs rsvg-convert on `svg`, writing `format` to `path`. The SVG goes
// through a file next to the output, and the output appears at once (written
// to a temporary name, then renamed), as AtomicFile does for SVG.
void convert_svg(const std::string& svg, const std::string& format, const std::string& path) {
  const std::string svg_path = path + ".grundy-tmp.svg", out_path = path + ".grundy-tmp";
  {
    AtomicFile file(svg_path);
    file.write(svg);
    file.commit();
  }
  std::vector<std::string> words{"rsvg-convert", "-f", format, "-o", out_path, svg_path};
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int status = -1;
  const int spawned = posix_spawnp(&pid, "rsvg-convert", nullptr, nullptr, argv.data(), environ);
  if (spawned == 0) waitpid(pid, &status, 0);
  std::remove(svg_path.c_str());
  if (spawned != 0) {
    std::remove(out_path.c_str());
    throw LimitError(fmt::format("{} '{}': writing {} needs the program rsvg-convert (Debian "
                                 "package librsvg2-bin); an .svg plot needs nothing",
                                 option_name("plot"), path, format == "png" ? "PNG" : "PDF"));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      std::rename(out_path.c_str(), path.c_str()) != 0) {
    std::remove(out_path.c_str());
    throw InputError(path, fmt::format("{} '{}': rsvg-convert could not write it",
                                           option_name("plot"), path));
  }
}

}  // namespace

void write_plot(const std::string& path, const PlotStyle& style, Heap from,
                const std::vector<Nimber>& values, const Periodicity* periodicity) {
  const std::string format = plot_format(path);
  const std::string svg = svg_plot(style, from, values, periodicity);
  if (path == "-") {
    std::fwrite(svg.data(), 1, svg.size(), stdout);
    return;
  }
  if (format != "svg") return convert_svg(svg, format, path);
  // Replaced all at once: an interrupted write leaves the older plot.
  AtomicFile out(path);
  out.write(svg);
  out.commit();
}

void write_svg_plot(const std::string& path, const std::string& title, Heap from,
                    const std::vector<Nimber>& values, const Periodicity* periodicity) {
  PlotStyle style;
  style.title = title;
  write_plot(path, style, from, values, periodicity);
}

}  // namespace grundy::present

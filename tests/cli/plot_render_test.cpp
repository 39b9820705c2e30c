// Plots as a reader sees them: each format --plot writes is opened by the
// tool a reader would use. SVG in headless Chromium (Debian package
// chromium): its DOM must be the plot's, with no XML error page, and its
// screenshot a real image; PNG and PDF through rsvg-convert (librsvg2-bin):
// the files must start with the format's signature. Each part is skipped
// where its tool is missing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "support/cli.h"
#include "support/process.h"

namespace grundy::plot_render_test {
namespace {

bool have(const char* program) {
  return std::system((std::string("command -v ") + program + " > /dev/null 2>&1").c_str()) == 0;
}

TEST(PlotRender, SvgInHeadlessChromium) {
  if (!have("chromium")) GTEST_SKIP() << "chromium not installed";
  const auto dir = testing::scratch().path();
  const std::string svg = (dir / "render.svg").string(), png = (dir / "render.png").string();
  const auto run = testing::grundy_cli({"values", "lasker", "--to", "200", "--plot", svg,
                                        "--title", "Lasker's Nim", "--size", "800x500"});
  ASSERT_EQ(run.status, 0) << run.err;
  const std::string chromium =
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir=" +
      testing::shell_quote((dir / "chromium-profile").string());
  const auto dom = testing::run_program(
      "/bin/sh", {"-c", chromium + " --dump-dom " + testing::shell_quote("file://" + svg) +
                            " 2> /dev/null"});
  ASSERT_EQ(dom.status, 0);
  EXPECT_NE(dom.out.find("<svg"), std::string::npos) << dom.out.substr(0, 400);
  EXPECT_NE(dom.out.find("Lasker's Nim"), std::string::npos);
  // lasker: the arithmetic period 4, saltus 4, from n = 1 (Winning Ways ch. 4).
  EXPECT_NE(dom.out.find("arithmetic period 4, saltus 4 from n = 1"), std::string::npos);
  EXPECT_EQ(dom.out.find("error on line"), std::string::npos) << dom.out.substr(0, 400);
  const auto shot = testing::run_program(
      "/bin/sh", {"-c", chromium + " --window-size=800,500 --screenshot=" +
                            testing::shell_quote(png) + " " + testing::shell_quote("file://" + svg) +
                            " > /dev/null 2>&1"});
  ASSERT_EQ(shot.status, 0);
  const std::string image = testing::read_file(png);
  EXPECT_EQ(image.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_GT(image.size(), 5000u);  // a blank page of that size compresses to far less
}

TEST(PlotRender, PngAndPdfByExtension) {
  if (!have("rsvg-convert")) GTEST_SKIP() << "rsvg-convert not installed";
  const auto dir = testing::scratch().path();
  for (const auto& [name, signature] :
       {std::pair<std::string, std::string>{"k.png", std::string("\x89PNG", 4)},
        std::pair<std::string, std::string>{"k.pdf", "%PDF"}}) {
    const std::string path = (dir / name).string();
    const auto run = testing::grundy_cli({"values", "kayles", "--to", "100", "--plot", path});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(testing::read_file(path).substr(0, 4), signature) << name;
  }
}

}  // namespace
}  // namespace grundy::plot_render_test

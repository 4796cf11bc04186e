package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code chart}, {@code run --chart}, {@code compare --chart} and {@code test --html} as a user calls them. */
class ChartCommandTest {

    private static final List<String> CHARTS = List.of(".error.png", ".utilization.png", ".vector.png");

    @TempDir
    Path dir;

    private Cli.Result runJ1(Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("run", Cli.scenarioArg("J1"), "--out", out.toString(), "--policy", "zvm63"));
        a.addAll(List.of(RunCommandTest.SHORT));
        a.addAll(List.of(more));
        return Cli.run(a.toArray(String[]::new));
    }

    private static boolean png(Path p) throws IOException {
        byte[] b = Files.readAllBytes(p);
        return b.length > 8 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G';
    }

    @Test
    void run_chart_writesThreeChartsBesideTheRunsFiles() throws IOException {
        Path out = dir.resolve("runs");
        Cli.Result r = runJ1(out, "--chart");
        r.assertExit(0);
        for (String suffix : CHARTS) {
            Path p = out.resolve("J1.zvm63" + suffix);
            assertTrue(png(p), p + " is a PNG");
            assertTrue(r.out().contains("wrote " + p.toAbsolutePath()), r::all);
        }
    }

    @Test
    void chart_runsSeries_svgIntoOut() throws IOException {
        Path runs = dir.resolve("runs");
        runJ1(runs).assertExit(0);
        Path charts = dir.resolve("charts");

        Cli.Result r = Cli.run("chart", runs.resolve("J1.zvm63.series.csv").toString(), "--scenario", Cli.scenarioArg("J1"),
                "--out", charts.toString(), "--format", "svg", "--warmup", "2s");

        r.assertExit(0);
        assertEquals(List.of("J1.zvm63.error.svg", "J1.zvm63.utilization.svg", "J1.zvm63.vector.svg"), Cli.list(charts));
        String svg = Cli.read(charts.resolve("J1.zvm63.utilization.svg"));
        assertTrue(svg.contains("<svg"), "an SVG document");
        assertTrue(svg.contains("J1 under zvm63"), "the title names problem and policy");
        assertTrue(svg.contains("ETR 8/"), "ETR read back from the series: 8 counted intervals");
        assertTrue(svg.contains("ddelay"), "dispatch delay read from the vcpus file beside it");
    }

    @Test
    void chart_badFormat_usageError() {
        Cli.Result r = Cli.run("chart", "x.series.csv", "--scenario", Cli.scenarioArg("J1"), "--format", "gif");
        r.assertExit(2);
        r.assertNoStackTrace();
        assertTrue(r.err().contains("expected png or svg"), r::all);
    }

    @Test
    void compare_chart_drawsTheMeasurement() throws IOException {
        Path runs = dir.resolve("runs");
        runJ1(runs).assertExit(0);
        Path observed = Cli.write(dir.resolve("lpar.csv"), Cli.read(runs.resolve("J1.zvm63.series.csv")));

        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed.toString(), "--warmup", "2s",
                "--chart", "--out", dir.resolve("c").toString());

        assertTrue(r.code() == 0 || r.code() == 1, r::all);
        for (String suffix : CHARTS) {
            assertTrue(png(dir.resolve("c").resolve("lpar" + suffix)), suffix);
        }
    }

    @Test
    void test_html_writesIndexAndAPagePerProblemWithCharts() throws IOException {
        Path html = dir.resolve("report");
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), "--policy", "fair", "--policy",
                "zvm63", "--duration", "10s", "--warmup", "2s", "--html", html.toString());
        assertTrue(r.code() == 0 || r.code() == 1, r::all);
        assertEquals(List.of(".schedlab-report", "img", "index.html", "p001.html", "p002.html"), Cli.list(html));
        String index = Cli.read(html.resolve("index.html"));
        assertTrue(index.contains("<table class=\"sortable\" id=\"summary\">"), "the summary table");
        assertTrue(index.contains("href=\"p001.html#c0\""), "rows link to the problem pages");
        assertTrue(!index.contains("http://") && !index.contains("https://"), "no external assets");
        String j1 = Cli.read(html.resolve("p001.html"));
        assertTrue(j1.contains("USER QGP00000 CP.100-R"), "the scenario text");
        assertTrue(j1.contains("img/c0.utilization.png"), "the charts");
        for (String img : Cli.list(html.resolve("img"))) {
            assertTrue(png(html.resolve("img").resolve(img)), img);
        }
        assertTrue(Cli.list(dir).stream().noneMatch(n -> n.endsWith(".part")), "no temporary directory left");
    }
}

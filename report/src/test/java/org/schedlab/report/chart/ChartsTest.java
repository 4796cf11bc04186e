package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.solver.Solution;
import org.w3c.dom.Document;

/** Drawing smoke tests: the bytes are a PNG or a well-formed SVG of the figure's size; pixels are not checked. */
class ChartsTest {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path dir;

    private static void assertPng(Figure f) {
        byte[] png = ChartFormat.PNG.render(f);
        assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(png, 8));
        // IHDR: width and height, big-endian, at bytes 16..23.
        int w = ((png[16] & 0xff) << 24) | ((png[17] & 0xff) << 16) | ((png[18] & 0xff) << 8) | (png[19] & 0xff);
        int h = ((png[20] & 0xff) << 24) | ((png[21] & 0xff) << 16) | ((png[22] & 0xff) << 8) | (png[23] & 0xff);
        assertEquals(f.width(), w);
        assertEquals(f.height(), h);
        assertTrue(png.length > 5_000, "a drawn chart, not a blank: " + png.length + " bytes");
    }

    private static Document assertSvg(Figure f) throws Exception {
        byte[] svg = ChartFormat.SVG.render(f);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        // The document names the SVG 1.1 DTD; a well-formedness check needs not fetch it.
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        return doc;
    }

    private static RunFigures figures(Comparison c) {
        return RunFigures.of("P", "fair", c, Optional.empty());
    }

    @Test
    void utilization_twoAndSixtyVcpus_pngAndSvg() throws Exception {
        for (int users : new int[] {2, 60}) {
            Solution s = ChartFixtures.problem(users, 1, 2);
            List<ObservedInterval> in = ChartFixtures.intervals(s, 30);
            Comparison c = ChartFixtures.compare(s, in, 5);
            Figure f = Charts.utilization(ChartFixtures.series(s, in), figures(c));
            assertPng(f);
            Document svg = assertSvg(f);
            assertTrue(svg.getElementsByTagName("path").getLength() + svg.getElementsByTagName("line").getLength()
                    + svg.getElementsByTagName("polyline").getLength() > users, "lines drawn for " + users);
        }
    }

    @Test
    void utilization_sixtyVcpus_gridTallerThanOnePanel() {
        Solution s = ChartFixtures.problem(60, 1, 8);
        List<ObservedInterval> in = ChartFixtures.intervals(s, 10);
        Figure f = Charts.utilization(ChartFixtures.series(s, in), figures(ChartFixtures.compare(s, in, 0)));
        assertEquals(3 * 460, f.width());
        assertTrue(f.height() > 3 * 320);
    }

    @Test
    void errorAndVector_run_drawn() throws Exception {
        Solution s = ChartFixtures.problem(4, 1, 2);
        List<ObservedInterval> in = ChartFixtures.intervals(s, 2_000);
        Comparison c = ChartFixtures.compare(s, in, 5);
        assertPng(Charts.error(c.intervals(), figures(c)));
        assertSvg(Charts.error(c.intervals(), figures(c)));
        assertPng(Charts.errorVector(ErrorVector.of(c.vcpus()).orElseThrow(), figures(c)));
    }

    @Test
    void dispatchDelayAndSeedSpread_drawn() throws Exception {
        List<Charts.DelayBar> bars = List.of(new Charts.DelayBar("J1", "zvm63", 2204, 9000),
                new Charts.DelayBar("J1", "fair", 831, 3000), new Charts.DelayBar("MZ0", "zvm63", 1500, 5000),
                new Charts.DelayBar("MZ0", "fair", 700, 2000));
        assertPng(Charts.dispatchDelay(bars));
        assertSvg(Charts.dispatchDelay(bars));
        List<Charts.SeedPoint> seeds = List.of(new Charts.SeedPoint("J1 zvm63", 1, 4.7, 23.8),
                new Charts.SeedPoint("J1 zvm63", 2, 3.1, 12.0), new Charts.SeedPoint("J1 fair", 1, 0.2, 0.5),
                new Charts.SeedPoint("J1 fair", 2, 0.3, 0.6));
        assertPng(Charts.seedSpread(seeds, 5));
        assertSvg(Charts.seedSpread(seeds, 5));
    }

    @Test
    void write_runCharts_filesNamedByKindMovedIntoPlace() throws IOException {
        Solution s = ChartFixtures.problem(2, 1, 1);
        List<ObservedInterval> in = ChartFixtures.intervals(s, 20);
        Comparison c = ChartFixtures.compare(s, in, 5);
        List<Path> paths = RunCharts.write(dir, "P.fair", ChartFixtures.series(s, in), c, figures(c), ChartFormat.SVG);
        assertEquals(List.of("P.fair.utilization.svg", "P.fair.error.svg", "P.fair.vector.svg"),
                paths.stream().map(p -> p.getFileName().toString()).toList());
        try (var files = Files.list(dir)) {
            assertEquals(3, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void render_png_noCacheFileInTheTemporaryDirectory() throws Exception {
        // ImageIO.write to a stream caches through imageio*.tmp files, which a killed process leaves behind.
        Path cache = Files.createDirectory(dir.resolve("cache"));
        java.io.File before = javax.imageio.ImageIO.getCacheDirectory();
        boolean used = javax.imageio.ImageIO.getUseCache();
        javax.imageio.ImageIO.setCacheDirectory(cache.toFile());
        javax.imageio.ImageIO.setUseCache(true);
        try (java.nio.file.WatchService watch = cache.getFileSystem().newWatchService()) {
            cache.register(watch, java.nio.file.StandardWatchEventKinds.ENTRY_CREATE);
            Solution s = ChartFixtures.problem(2, 1, 1);
            List<ObservedInterval> in = ChartFixtures.intervals(s, 20);
            assertPng(Charts.error(ChartFixtures.compare(s, in, 5).intervals(), figures(ChartFixtures.compare(s, in, 5))));
            java.nio.file.WatchKey key = watch.poll(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            assertEquals(List.of(), key == null ? List.of() : key.pollEvents().stream().map(e -> e.context().toString()).toList());
        } finally {
            javax.imageio.ImageIO.setCacheDirectory(before);
            javax.imageio.ImageIO.setUseCache(used);
        }
    }

    @Test
    void signature_chartsSchedlabDrew_recognisedAndOthersNot() throws Exception {
        Solution s = ChartFixtures.problem(2, 1, 1);
        Comparison c = ChartFixtures.compare(s, ChartFixtures.intervals(s, 20), 5);
        for (ChartFormat f : ChartFormat.values()) {
            byte[] ours = f.render(Charts.error(c.intervals(), figures(c)));
            assertTrue(f.signature().matches(Arrays.copyOf(ours, Math.min(ours.length, 4096))), f.name());
        }
        // A PNG another program wrote: ImageIO's plain output has no text chunk.
        java.io.ByteArrayOutputStream other = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(new java.awt.image.BufferedImage(4, 4, java.awt.image.BufferedImage.TYPE_INT_RGB),
                "png", other);
        assertTrue(!ChartFormat.PNG.signature().matches(other.toByteArray()));
        assertTrue(!ChartFormat.SVG.signature().matches("<?xml version=\"1.0\"?>\n<svg/>".getBytes()));
    }

    @Test
    void parse_formatNames_caseInsensitive() {
        assertEquals(ChartFormat.SVG, ChartFormat.parse(" SVG "));
        assertEquals("png", ChartFormat.PNG.extension());
    }
}

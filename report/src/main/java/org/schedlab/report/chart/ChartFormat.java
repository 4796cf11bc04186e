package org.schedlab.report.chart;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import javax.imageio.ImageIO;
import org.jfree.svg.SVGGraphics2D;

/** The image formats charts are written in. Drawing needs no display: AWT is put in headless mode first. */
public enum ChartFormat {
    PNG("png"),
    SVG("svg");

    static {
        // Before any AWT class loads: a server or CI job has no display, and charts need none.
        System.setProperty("java.awt.headless", "true");
    }

    private final String extension;

    ChartFormat(String extension) {
        this.extension = extension;
    }

    /** The file name extension, also the name users type. */
    public String extension() {
        return extension;
    }

    /** {@code png} or {@code svg}, case-insensitive. */
    public static ChartFormat parse(String name) {
        for (ChartFormat f : values()) {
            if (f.extension.equals(name.strip().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown chart format '" + name + "': expected png or svg");
    }

    /** The figure as a file's bytes. */
    public byte[] render(Figure figure) {
        return switch (this) {
            case PNG -> png(figure);
            case SVG -> svg(figure).getBytes(StandardCharsets.UTF_8);
        };
    }

    /** An SVG document (with XML declaration) of the figure. */
    public static String svg(Figure figure) {
        SVGGraphics2D g = new SVGGraphics2D(figure.width(), figure.height());
        figure.draw(g);
        return g.getSVGDocument();
    }

    /** The bare {@code <svg>} element, to inline in HTML. */
    public static String svgElement(Figure figure) {
        SVGGraphics2D g = new SVGGraphics2D(figure.width(), figure.height());
        figure.draw(g);
        return g.getSVGElement();
    }

    private static byte[] png(Figure figure) {
        BufferedImage image = new BufferedImage(figure.width(), figure.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            figure.draw(g);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Writes the figure to {@code path} whole or not at all: into a temporary file beside it, then moved
     * into place, like every other output.
     */
    public Path write(Figure figure, Path path) throws IOException {
        byte[] bytes = render(figure);
        Path target = path.toAbsolutePath();
        Files.createDirectories(target.getParent());
        // Not Files.createTempFile: it makes the file owner-only; a chart gets the umask's permissions.
        Path temp = target.resolveSibling("." + target.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
        try {
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }
}

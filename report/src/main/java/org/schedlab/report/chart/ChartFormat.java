package org.schedlab.report.chart;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.jfree.svg.SVGGraphics2D;
import org.schedlab.core.io.OutputGuard;

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

    /** Every chart file names its writer, so that a later run knows it may replace it (see {@link #signature()}). */
    static final String GENERATOR = "schedlab";
    private static final String SVG_COMMENT = "<!-- Generator: " + GENERATOR + " -->";

    /** The figure as a file's bytes. */
    public byte[] render(Figure figure) {
        return switch (this) {
            case PNG -> png(figure);
            case SVG -> svg(figure).getBytes(StandardCharsets.UTF_8);
        };
    }

    /**
     * Recognises a chart file schedlab wrote in this format: a PNG with the text chunk {@code Software} =
     * {@code schedlab}, an SVG with the comment {@code <!-- Generator: schedlab -->}. Files of other programs
     * have neither, and a chart is never written over them.
     */
    public OutputGuard.Signature signature() {
        return switch (this) {
            case PNG -> head -> head.length > 8 && (head[1] & 0xFF) == 'P' && (head[2] & 0xFF) == 'N'
                    && contains(head, ("tEXt" + "Software\0" + GENERATOR).getBytes(StandardCharsets.ISO_8859_1));
            case SVG -> head -> contains(head, SVG_COMMENT.getBytes(StandardCharsets.UTF_8));
        };
    }

    private static boolean contains(byte[] head, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= head.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (head[i + j] != what[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** An SVG document (with XML declaration and the generator comment) of the figure. */
    public static String svg(Figure figure) {
        SVGGraphics2D g = new SVGGraphics2D(figure.width(), figure.height());
        figure.draw(g);
        String doc = g.getSVGDocument();
        int firstLine = doc.indexOf('\n') + 1;
        return doc.substring(0, firstLine) + SVG_COMMENT + "\n" + doc.substring(firstLine);
    }

    /** The bare {@code <svg>} element, to inline in HTML. */
    public static String svgElement(Figure figure) {
        SVGGraphics2D g = new SVGGraphics2D(figure.width(), figure.height());
        figure.draw(g);
        return g.getSVGElement();
    }

    /**
     * PNG bytes, encoded in memory: {@code ImageIO.write} to a stream would go through a cache file in the
     * temporary directory ({@code /tmp/imageio*.tmp}), which a killed process leaves behind.
     */
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
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            ImageTypeSpecifier type = ImageTypeSpecifier.createFromRenderedImage(image);
            ImageWriteParam param = writer.getDefaultWriteParam();
            IIOMetadata metadata = writer.getDefaultImageMetadata(type, param);
            IIOMetadataNode entry = new IIOMetadataNode("tEXtEntry");
            entry.setAttribute("keyword", "Software");
            entry.setAttribute("value", GENERATOR);
            IIOMetadataNode text = new IIOMetadataNode("tEXt");
            text.appendChild(entry);
            IIOMetadataNode root = new IIOMetadataNode("javax_imageio_png_1.0");
            root.appendChild(text);
            metadata.mergeTree("javax_imageio_png_1.0", root);
            writer.setOutput(out);
            writer.write(null, new IIOImage(image, null, metadata), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}

package org.schedlab.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.JFreeChart;

/**
 * Something drawn onto a canvas of its preferred size: one chart, or a grid of small multiples under a
 * common title (JFreeChart has no grid of plots, so the grid draws each panel's chart into its cell).
 * Independent of the output format: {@link ChartFormat} supplies the canvas.
 */
public interface Figure {

    int width();

    int height();

    void draw(Graphics2D g);

    /** One chart at a size. */
    static Figure of(JFreeChart chart, int width, int height) {
        return new Figure() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }

            @Override
            public void draw(Graphics2D g) {
                chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
            }
        };
    }

    /** Panels in a grid of {@code columns}, row by row, under title lines (the first bold). */
    static Figure grid(List<String> title, List<JFreeChart> panels, int columns, int cellWidth, int cellHeight) {
        int rows = (panels.size() + columns - 1) / columns;
        int titleHeight = 16 + 22 * title.size();
        int width = columns * cellWidth;
        int height = titleHeight + rows * cellHeight;
        return new Figure() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }

            @Override
            public void draw(Graphics2D g) {
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, width, height);
                g.setColor(Color.BLACK);
                int y = 8;
                for (int i = 0; i < title.size(); i++) {
                    g.setFont(new Font(Font.SANS_SERIF, i == 0 ? Font.BOLD : Font.PLAIN, i == 0 ? 18 : 13));
                    FontMetrics fm = g.getFontMetrics();
                    y += fm.getAscent() + 4;
                    g.drawString(title.get(i), (width - fm.stringWidth(title.get(i))) / 2, y);
                    y += fm.getDescent();
                }
                for (int i = 0; i < panels.size(); i++) {
                    int c = i % columns;
                    int r = i / columns;
                    panels.get(i).draw(g, new Rectangle2D.Double(c * cellWidth, titleHeight + r * cellHeight,
                            cellWidth, cellHeight));
                }
            }
        };
    }
}

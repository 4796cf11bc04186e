package org.schedlab.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void esc_markupInAScenarioComment_shownNotInterpreted() {
        assertEquals("* &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;", Html.esc("* <script>alert(\"x\")</script> & '"));
    }

    @Test
    void num_failedRunsFigure_dashThatSortsLast() {
        assertEquals("–", Html.num(Double.NaN));
        assertEquals("4.76", Html.num(4.756));
        assertTrue(Double.parseDouble(Html.sortKey(Double.NaN)) > Double.parseDouble(Html.sortKey(1e9)));
    }

    @Test
    void page_selfContained_inlineStyleAndScriptNoExternalReference() {
        String page = Html.page("t", "<p>x</p>");
        assertTrue(page.contains("<style>") && page.contains("<script>"));
        assertFalse(page.contains("http://") || page.contains("https://") || page.contains("src=\"//"),
                "nothing fetched from elsewhere");
        assertTrue(page.contains(".FAIL{background:#f8d7da}"), "verdict colours from the palette");
    }
}

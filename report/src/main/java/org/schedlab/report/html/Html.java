package org.schedlab.report.html;

import java.util.Locale;
import org.schedlab.comparator.Verdict;
import org.schedlab.report.chart.Palette;

/** Escaping and number formatting for the HTML report. */
final class Html {

    private Html() {
    }

    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** Two decimals, or a dash for a figure a failed run does not have. */
    static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "–";
    }

    /** A whole number, or a dash. */
    static String whole(double v) {
        return Double.isFinite(v) ? String.valueOf(Math.round(v)) : "–";
    }

    /** The value a table column sorts on: failed runs' missing figures sort last. */
    static String sortKey(double v) {
        return Double.isFinite(v) ? String.valueOf(v) : "1e300";
    }

    static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#222;max-width:1400px}
            h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:28px 0 8px}h3{font-size:16px;margin:20px 0 6px}
            .meta{color:#555;margin:0 0 14px}
            table{border-collapse:collapse;font-size:13px;margin:8px 0 16px}
            th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}
            td.n{text-align:right;font-variant-numeric:tabular-nums}
            th{background:#f3f3f3;position:sticky;top:0}
            table.sortable th{cursor:pointer;user-select:none}
            table.sortable th:hover{background:#e6e6e6}
            th[data-dir=asc]::after{content:" \\25B2";font-size:10px}th[data-dir=desc]::after{content:" \\25BC";font-size:10px}
            .over{background:%s}.ok{background:#eef7ee}.miss{color:#b00;font-weight:bold}
            pre{background:#f8f8f8;border:1px solid #ddd;padding:10px;font-size:12px;overflow:auto;max-height:420px}
            img{max-width:100%%;height:auto;border:1px solid #eee;margin:4px 0}
            .charts{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
            .charts img{max-width:680px}
            .scroll{max-height:400px;overflow:auto;display:inline-block;border-bottom:1px solid #ccc}
            .scroll table{margin:0}
            .case{border-top:2px solid #ddd;margin-top:20px}
            a{color:#0060a0}
            """.formatted(Palette.hex(Palette.verdict(Verdict.FAIL))) + verdictClasses();

    /** One class per verdict, coloured as {@link Palette#verdict} says. */
    private static String verdictClasses() {
        StringBuilder b = new StringBuilder();
        for (Verdict v : Verdict.values()) {
            b.append('.').append(v.name()).append("{background:").append(Palette.hex(Palette.verdict(v))).append("}\n");
        }
        return b.toString();
    }

    static final String SORT_SCRIPT = """
            document.querySelectorAll('table.sortable').forEach(function(t){
              t.querySelectorAll('th').forEach(function(th,i){
                th.addEventListener('click',function(){
                  var dir=th.dataset.dir==='asc'?'desc':'asc';
                  t.querySelectorAll('th').forEach(function(h){delete h.dataset.dir;});
                  th.dataset.dir=dir;
                  var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);
                  function key(r){var c=r.cells[i],v=c.dataset.v!==undefined?c.dataset.v:c.textContent.trim();
                    var n=parseFloat(v);return isNaN(n)||!/^-?[0-9.eE+]+$/.test(v)?v.toLowerCase():n;}
                  rows.sort(function(a,b){var x=key(a),y=key(b);
                    var r=(typeof x==='number'&&typeof y==='number')?x-y:String(x).localeCompare(String(y));
                    return dir==='asc'?r:-r;});
                  rows.forEach(function(r){body.appendChild(r);});
                });
              });
            });
            """;

    static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + esc(title)
                + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n" + body
                + "<script>\n" + SORT_SCRIPT + "</script>\n</body>\n</html>\n";
    }
}

package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.core.InputException;

class JsonReaderTest {

    @Test
    void read_whatJsonWriterWrites_sameValuesInOrder() throws InputException {
        StringWriter s = new StringWriter();
        JsonWriter w = JsonWriter.of(s);
        w.beginObject().field("b", "x\"y\\z\n\u00e9").field("a", 1.5).field("n", 7).field("t", true)
                .fieldOrNull("z", Double.NaN).name("list").beginArray().value(1).value("two").endArray().endObject();
        w.finish();
        Object v = JsonReader.read("w.json", s.toString());
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of("b", "a", "n", "t", "z", "list"), List.copyOf(m.keySet()));
        assertEquals("x\"y\\z\n\u00e9", m.get("b"));
        assertEquals(new BigDecimal("1.5"), m.get("a"));
        assertEquals(Boolean.TRUE, m.get("t"));
        assertEquals(JsonReader.NULL, m.get("z"));
        assertEquals(List.of(new BigDecimal("1"), "two"), m.get("list"));
    }

    @Test
    void read_malformed_oneDiagnosticAtLineAndColumn() {
        InputException e = assertThrows(InputException.class, () -> JsonReader.read("bad.json", "{\n  \"a\": ,\n}"));
        assertEquals("bad.json:2:8: expected a JSON value, got ','", e.getMessage());
    }

    @Test
    void read_duplicateKeyOrTrailingText_rejected() {
        assertThrows(InputException.class, () -> JsonReader.read("d.json", "{\"a\": 1, \"a\": 2}"));
        assertThrows(InputException.class, () -> JsonReader.read("t.json", "[] []"));
        assertThrows(InputException.class, () -> JsonReader.read("u.json", "\"open"));
    }
}

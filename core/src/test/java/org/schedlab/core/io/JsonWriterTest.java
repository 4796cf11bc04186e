package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JsonWriterTest {

    @Test
    void write_nestedCompact_exactText() {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject().field("file", "a\"b\\c\n").name("xs").beginArray().value(1.5).value(2).nullValue().endArray()
                .name("empty").beginObject().endObject().fieldOrNull("n", Double.NaN).field("ok", true).endObject();
        w.finish();
        assertEquals("{\"file\":\"a\\\"b\\\\c\\n\",\"xs\":[1.5,2,null],\"empty\":{},\"n\":null,\"ok\":true}\n", sb.toString());
    }

    @Test
    void write_pretty_indentsTwoSpaces() {
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, true);
        w.beginObject().name("a").beginArray().value(1).endArray().endObject();
        w.finish();
        assertEquals("{\n  \"a\": [\n    1\n  ]\n}\n", sb.toString());
    }

    @Test
    void write_controlCharacter_escapedAsUnicode() {
        assertEquals("\"\\u0001\"", JsonWriter.quote("\u0001"));
    }
}

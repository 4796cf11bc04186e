package org.schedlab.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Limits;

class ScenarioParserErrorsTest {

    /**
     * A file around {@code body}: LPAR CP.2 ZIIP.1 on line 1, {@code settings} from line 2, then
     * PROBLEM P, USER U and {@code body}, then RUNIT. Kept short so that the line numbers in the
     * table below can be counted at a glance.
     */
    private static String file(List<String> settings, String... body) {
        List<String> lines = new ArrayList<>();
        lines.add("LPAR CP.2 ZIIP.1");
        lines.addAll(settings);
        lines.add("PROBLEM P");
        lines.add("USER U CP.100-R");
        lines.addAll(List.of(body));
        lines.add("RUNIT");
        return String.join("\n", lines) + "\n";
    }

    /** {@code body} from line 4, inside user U of problem P. */
    private static String inUser(String... body) {
        return file(List.of(), body);
    }

    /** {@code setting} on line 2, between the LPAR and a valid problem. */
    private static String setting(String setting) {
        return file(List.of(setting), "VCPU 0 CP 5");
    }

    /** A user with one virtual CPU, two lines: what every problem needs to be valid. */
    private static final String USER = "USER U\nVCPU 0 CP 5";

    /** {@code user}, a USER statement, on line 5 after user U's VCPU, with a VCPU of its own after it. */
    private static String newUser(String user) {
        return inUser("VCPU 0 CP 5", user, "VCPU 0 CP 5");
    }

    /** Problem P on LPAR CP.1 with {@code count} virtual CPUs, {@code perUser} to a user. */
    static String vcpus(int count, int perUser) {
        StringBuilder text = new StringBuilder("LPAR CP.1\nPROBLEM P\n");
        for (int i = 0; i < count; i++) {
            if (i % perUser == 0) {
                text.append("USER U").append(i / perUser).append('\n');
            }
            text.append("VCPU ").append(Integer.toHexString(i % perUser)).append(" CP 1\n");
        }
        return text.append("RUNIT\n").toString();
    }

    private static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /**
     * A problem that changes while it runs: LPAR CP.2 and CPU pool LNX (lines 1-2), PROBLEM P (3), user A
     * with VCPU 0 running and VCPU 1 stopped (4-6), {@code AT 10S} on line 7 with {@code STOP A.0} on line
     * 8, then {@code body} from line 9, then {@code RUNIT DURATION 60S}.
     */
    private static String changes(String... body) {
        List<String> lines = new ArrayList<>(List.of("LPAR CP.2", "CPUPOOL LNX CP CAPACITY 1", "PROBLEM P", "USER A",
                "  VCPU 0 CP 5", "  VCPU 1 CP 5 STOPPED", "AT 10S", "  STOP A.0"));
        lines.addAll(List.of(body));
        lines.add("RUNIT DURATION 60S");
        return String.join("\n", lines) + "\n";
    }

    /** Problem P with {@code count} AT blocks a millisecond apart, each starting and stopping U.0. */
    static String moments(int count) {
        StringBuilder text = new StringBuilder("LPAR CP.1\nPROBLEM P\nUSER U\nVCPU 0 CP 5\n");
        for (int i = 1; i <= count; i++) {
            text.append("AT ").append(i).append("MS\n").append(i % 2 == 1 ? "STOP U.0\n" : "START U.0\n");
        }
        return text.append("RUNIT\n").toString();
    }

    private static Arguments row(String text, String... messages) {
        return Arguments.of(text, List.of(messages));
    }

    static Stream<Arguments> malformedInputs() {
        return Stream.of(
                // syntax: what was expected, in the language reference's words
                row(lines("FOO bar"),
                        "t.scn:1:1: unknown statement 'FOO': expected LPAR, MULTITHREAD, TOPOLOGY, SRM, CPUPOOL, PROBLEM, USER, VCPU, RUNIT, AT, SET, LOGON, LOGOFF, STOP or START"),
                row(lines("LPAR", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:5: expected cores like CP.2, found end of line"),
                row(lines("LPAR CP 2", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:9: expected cores like CP.2, found '2'"),
                row(lines("LPAR CP.2 fast", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:11: expected cores like CP.2 or end of line, found 'fast'"),
                row(setting("MULTITHREAD ZIIP"),
                        "t.scn:2:17: expected threads per core like IFL.2, found end of line"),
                row(setting("TOPOLOGY CHIP.4"),
                        "t.scn:2:16: expected chips per node like NODE.2, found end of line"),
                row(setting("SRM DSPWDMETHOD SIDEWAYS"),
                        "t.scn:2:17: expected RESHUFFLE or REBALANCE, found 'SIDEWAYS'"),
                row(setting("SRM DSPSLICE"),
                        "t.scn:2:13: expected a time slice in milliseconds like DSPSLICE 8, found end of line"),
                row(setting("CPUPOOL LINUX CP LIMITHARD 30"),
                        "t.scn:2:30: expected a percent like LIMITHARD 30%, found end of line"),
                row(setting("CPUPOOL LINUX CP 30%"),
                        "t.scn:2:18: expected LIMITHARD <percent>% or CAPACITY <logical CPUs>, found '30'"),
                row(lines("LPAR CP.1", "PROBLEM", "RUNIT"),
                        "t.scn:2:8: expected a problem name, found end of line"),
                row(newUser("USER V CP.100"),
                        "t.scn:5:14: expected a share like CP.100-R, found end of line"),
                row(newUser("USER V CP.100-R ZIIP"),
                        "t.scn:5:21: expected a share like CP.100-R, found end of line"),
                row(newUser("USER V CP100-R"),
                        "t.scn:5:8: expected a share like CP.100-R, POOL, CPUAFFINITY or end of line, found 'CP100'"),
                row(newUser("USER V CP.100-R POOL"),
                        "t.scn:5:21: expected a CPU pool name, found end of line"),
                row(newUser("USER V CPUAFFINITY MAYBE"),
                        "t.scn:5:20: expected ON or OFF, found 'MAYBE'"),
                row(inUser("VCPU"),
                        "t.scn:4:5: expected a virtual CPU address (hex 0 to 3F), found end of line"),
                row(inUser("VCPU 0 GPU 5"),
                        "t.scn:4:8: expected an engine type (CP, ZIIP, ZAAP, IFL, ICF), found 'GPU'"),
                row(inUser("VCPU 0 CP"),
                        "t.scn:4:10: expected a demand: a percent from 0 to 100 or *, found end of line"),
                row(inUser("VCPU 0 CP max"),
                        "t.scn:4:11: expected a demand: a percent from 0 to 100 or *, found 'max'"),
                row(inUser("VCPU 0 CP 5%"),
                        "t.scn:4:12: expected STOPPED or end of line, found '%'"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 120"),
                        "t.scn:5:16: expected a time like 120S, 2M or 500MS, found '120'"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT TIMEOUT 5S"),
                        "t.scn:5:7: expected DURATION, INTERVAL, SEED or end of line, found 'TIMEOUT'"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT SEED random"),
                        "t.scn:5:12: expected a whole number like SEED 7, found 'random'"),
                row(changes("AT"),
                        "t.scn:9:3: expected a time like 120S, 2M or 500MS, found end of line"),
                row(changes("AT 20"),
                        "t.scn:9:4: expected a time like 120S, 2M or 500MS, found '20'"),
                row(changes("SET"),
                        "t.scn:9:4: expected CPUPOOL, SHARE or DEMAND, found end of line"),
                row(changes("SET SHARE A"),
                        "t.scn:9:12: expected a share like CP.100-R or TYPE CP RELATIVE 100, found end of line"),
                row(changes("SET SHARE A TYPE"),
                        "t.scn:9:17: expected an engine type (CP, ZIIP, ZAAP, IFL, ICF), found end of line"),
                row(changes("SET SHARE A TYPE CP"),
                        "t.scn:9:20: expected a share like RELATIVE 200 or ABSOLUTE 20%, found end of line"),
                row(changes("SET SHARE A TYPE CP RELATIVE 5 FOO"),
                        "t.scn:9:32: expected RELATIVE, ABSOLUTE, NOLIMIT or end of line, found 'FOO'"),
                row(changes("SET SHARE A TYPE CP RELATIVE 5 ABSOLUTE 2%"),
                        "t.scn:9:43: expected LIMITHARD or LIMITSOFT, found end of line"),
                row(changes("SET DEMAND A"),
                        "t.scn:9:13: expected a virtual CPU like B.0, found end of line"),
                row(changes("SET DEMAND A.0"),
                        "t.scn:9:15: expected a demand: a percent from 0 to 100 or *, found end of line"),
                row(changes("SET CPUPOOL"),
                        "t.scn:9:12: expected a CPU pool name, found end of line"),
                row(changes("SET CPUPOOL LNX 5"),
                        "t.scn:9:17: expected LIMITHARD <percent>% or CAPACITY <logical CPUs>, found '5'"),
                row(changes("LOGON"),
                        "t.scn:9:6: expected a user name, found end of line"),
                row(changes("LOGON D CP.100"),
                        "t.scn:9:15: expected a share like CP.100-R, found end of line"),
                row(changes("LOGOFF"),
                        "t.scn:9:7: expected a user name, found end of line"),
                row(changes("START"),
                        "t.scn:9:6: expected a virtual CPU like B.0, found end of line"),
                row(changes("START A.0 now"),
                        "t.scn:9:11: expected end of line, found 'now'"),

                // semantic: the partition and its settings
                row(lines("LPAR CP.0", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:9: CP core count must be a whole number from 1 to 256, got 0"),
                row(lines("LPAR CP.1 ZIIP.2 zIIP.1", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:18: engine type ZIIP listed twice in LPAR"),
                row(lines("MULTITHREAD CP.2", "LPAR CP.1", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:1: MULTITHREAD before any LPAR"),
                row(setting("MULTITHREAD CP.3"),
                        "t.scn:2:16: MULTITHREAD must be 1 or 2 threads per core, got 3"),
                row(setting("MULTITHREAD IFL.2"),
                        "t.scn:2:13: MULTITHREAD for IFL, but the LPAR has no IFL"),
                row(setting("TOPOLOGY CHIP.0 NODE.2"),
                        "t.scn:2:15: CHIP (cores per chip) must be a whole number from 1 to 256, got 0"),
                row(setting("SRM DSPSLICE 0.5"),
                        "t.scn:2:14: DSPSLICE must be from 1 to 100 ms, got 0.5"),
                row(setting("CPUPOOL Z1 ZIIP CAPACITY 1"),
                        "t.scn:2:12: CPU pool Z1 must be CP or IFL, got ZIIP"),
                row(setting("CPUPOOL LINUX IFL CAPACITY 1"),
                        "t.scn:2:15: CPU pool LINUX is IFL, but the LPAR has no IFL"),
                row(setting("CPUPOOL CAPPED CP LIMITHARD 150%"),
                        "t.scn:2:29: LIMITHARD must be above 0 and at most 100%, got 150"),
                row(setting("CPUPOOL CAPPED CP CAPACITY 0"),
                        "t.scn:2:28: CAPACITY must be above 0 and at most 256 logical CPUs, got 0"),
                row(file(List.of("CPUPOOL LINUX CP CAPACITY 1", "CPUPOOL linux CP CAPACITY 2"), "VCPU 0 CP 5"),
                        "t.scn:3:9: duplicate CPU pool linux (first at line 2)"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "LPAR CP.2", "RUNIT"),
                        "t.scn:5:1: LPAR inside problem P: close it with RUNIT first"),

                // semantic: problems, users and virtual CPUs in their places
                row(lines("PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:1: problem P has no LPAR before it"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT", "PROBLEM p", USER, "RUNIT"),
                        "t.scn:6:9: duplicate problem p (first at line 2)"),
                row(lines("LPAR CP.1", "PROBLEM J1", "USER U", "VCPU 0 CP 5"),
                        "t.scn:2:1: problem J1 is not closed by RUNIT"),
                row(lines("LPAR CP.1", "PROBLEM J1", "PROBLEM J2", USER, "RUNIT"),
                        "t.scn:3:1: problem J1 is not closed by RUNIT before PROBLEM J2"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT", "USER QGP1 CP.100-R", "VCPU 0 CP 5", "RUNIT"),
                        "t.scn:6:1: USER QGP1 outside a PROBLEM"),
                row(lines("LPAR CP.1", "VCPU 0 CP 5", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:2:1: VCPU outside a PROBLEM"),
                row(lines("LPAR CP.1", "PROBLEM J1", "VCPU 0 CP 5", "VCPU 1 CP 5", "RUNIT"),
                        "t.scn:3:1: VCPU before any USER in problem J1"),
                row(lines("RUNIT", "LPAR CP.1", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:1: RUNIT outside a PROBLEM"),
                row(lines("LPAR CP.1", "PROBLEM J1", "USER QGP00001", "VCPU 0 CP 5", "USER Qgp00001", "VCPU 0 CP 5", "RUNIT"),
                        "t.scn:5:6: duplicate user Qgp00001 in problem J1 (first at line 3)"),
                row(lines("* only a comment"),
                        "t.scn:1:1: no PROBLEM in the file"),

                // semantic: share tokens
                row(newUser("USER V CP.100-R ZIIP.50-R zIIP.60-R"),
                        "t.scn:5:27: duplicate ZIIP share for user V"),
                row(newUser("USER V CP.0-R"),
                        "t.scn:5:11: RELATIVE share must be a whole number from 1 to 10000, got 0"),
                row(newUser("USER V CP.10001-R"),
                        "t.scn:5:11: RELATIVE share must be a whole number from 1 to 10000, got 10001"),
                row(newUser("USER V ZIIP.100.5-A"),
                        "t.scn:5:13: ABSOLUTE share must be above 0 and at most 100%, got 100.5"),
                row(newUser("USER V CP.100-R,50-R"),
                        "t.scn:5:17: limit 50-R must end in L (LIMITHARD) or S (LIMITSOFT): 50-RL or 50-RS"),
                row(newUser("USER V CP.100-X"),
                        "t.scn:5:14: unknown share suffix -X: expected -R, -A, -RL, -AL, -RS or -AS"),
                row(newUser("USER V ZIIP.25-AL,30-AL"),
                        "t.scn:5:19: 25-AL is both min-share and limit: a second limit is not allowed"),
                row(newUser("USER V CP.100-R POOL LINUX"),
                        "t.scn:5:22: user V names undefined CPU pool LINUX"),

                // semantic: virtual CPUs
                row(inUser("VCPU 40 CP 5"),
                        "t.scn:4:6: virtual CPU address must be hex from 0 to 3F, got 40"),
                row(inUser("VCPU 0 CP 5", "VCPU 00 CP 5"),
                        "t.scn:5:6: duplicate VCPU address 00 for user U (first at line 4)"),
                row(inUser("VCPU 0 CP 100.5"),
                        "t.scn:4:11: demand must be from 0 to 100 percent or *, got 100.5"),
                row(inUser("VCPU 0 CP -1"),
                        "t.scn:4:11: demand must be from 0 to 100 percent or *, got -1"),
                row(inUser("VCPU 0 CP " + "9".repeat(400)),
                        "t.scn:4:11: demand must be from 0 to 100 percent or *, got " + "9".repeat(400)),
                row(lines("LPAR IFL.2", "PROBLEM P", "USER U", "VCPU 0 ZIIP 5", "RUNIT"),
                        "t.scn:4:8: VCPU 0 of user U is ZIIP, but the LPAR has no ZIIP and no CP to simulate it on"),
                row(lines("LPAR IFL.2", "PROBLEM P", "USER U", "VCPU 0 CP 5", "RUNIT"),
                        "t.scn:4:8: VCPU 0 of user U is CP, but the LPAR has no CP"),
                row(lines("LPAR IFL.2", "PROBLEM P", "USER U CPUAFFINITY OFF", "VCPU 0 IFL 5", "RUNIT"),
                        "t.scn:4:8: VCPU 0 of user U is IFL with CPUAFFINITY OFF, but the LPAR has no CP to simulate it on"),

                // semantic: run control
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 0S"),
                        "t.scn:5:16: DURATION must be from 1MS to 1440M (24 hours), got 0S"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION -5S"),
                        "t.scn:5:16: DURATION must be from 1MS to 1440M (24 hours), got -5S"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 2S INTERVAL 3000MS"),
                        "t.scn:5:28: INTERVAL 3000MS is longer than DURATION 2S"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT SEED 1 DURATION 5S SEED 2"),
                        "t.scn:5:26: SEED given twice in RUNIT"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT SEED 1.5"),
                        "t.scn:5:12: SEED must be a whole number from -9223372036854775808 to 9223372036854775807, got 1.5"),

                // limits (Limits): sizes, and every value as written, however large
                row(lines("LPAR CP.257", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:9: CP core count must be a whole number from 1 to 256, got 257"),
                row(lines("LPAR CP.1073741824", "MULTITHREAD CP.2", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:9: CP core count must be a whole number from 1 to 256, got 1073741824"),
                row(lines("LPAR CP.200 ZIIP.57", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:1:1: the LPAR has 257 logical CPUs, at most 256 are allowed"),
                row(lines("LPAR CP.129", "MULTITHREAD CP.2", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:2:16: MULTITHREAD CP.2 gives the LPAR 258 logical CPUs, at most 256 are allowed"),
                row(setting("TOPOLOGY CHIP.4 NODE.257"),
                        "t.scn:2:22: NODE (chips per node) must be a whole number from 1 to 256, got 257"),
                row(setting("SRM DSPSLICE 100.0000000000000001"),
                        "t.scn:2:14: DSPSLICE must be from 1 to 100 ms, got 100.0000000000000001"),
                row(setting("CPUPOOL CAPPED CP CAPACITY 256.5"),
                        "t.scn:2:28: CAPACITY must be above 0 and at most 256 logical CPUs, got 256.5"),
                row(newUser("USER V CP.99999999999999999999999-R"),
                        "t.scn:5:11: RELATIVE share must be a whole number from 1 to 10000, got 99999999999999999999999"),
                row(inUser("VCPU 0 CP 99999999999999999999999999999"),
                        "t.scn:4:11: demand must be from 0 to 100 percent or *, got 99999999999999999999999999999"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 86401S"),
                        "t.scn:5:16: DURATION must be from 1MS to 1440M (24 hours), got 86401S"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 99999999999S"),
                        "t.scn:5:16: DURATION must be from 1MS to 1440M (24 hours), got 99999999999S"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT INTERVAL 0.5MS"),
                        "t.scn:5:16: INTERVAL must be from 1MS to 1440M (24 hours), got 0.5MS"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 1.0005MS"),
                        "t.scn:5:16: DURATION must be a whole number of microseconds, got 1.0005MS"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT SEED 9223372036854775808"),
                        "t.scn:5:12: SEED must be a whole number from -9223372036854775808 to 9223372036854775807, got 9223372036854775808"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT SEED 99999999999999999999"),
                        "t.scn:5:12: SEED must be a whole number from -9223372036854775808 to 9223372036854775807, got 99999999999999999999"),
                row(vcpus(Limits.MAX_VCPUS + 1, 64),
                        "t.scn:101566:1: too many virtual CPUs in problem P: at most 100000 are allowed"),
                row(vcpus(Limits.MAX_USERS + 1, 1),
                        "t.scn:200003:1: too many users in problem P: at most 100000 are allowed",
                        "t.scn:200004:1: too many virtual CPUs in problem P: at most 100000 are allowed"),

                // changes while the problem runs: where they go
                row(lines("LPAR CP.1", "AT 5S", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:2:1: AT outside a PROBLEM"),
                row(lines("LPAR CP.1", "SET SHARE A CP.1-R", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:2:1: SET SHARE outside a PROBLEM"),
                row(lines("LPAR CP.1", "LOGON D", "VCPU 0 CP 1", "PROBLEM P", USER, "RUNIT"),
                        "t.scn:2:1: LOGON D outside a PROBLEM"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "SET SHARE U CP.1-R", "RUNIT"),
                        "t.scn:5:1: SET SHARE before any AT in problem P: changes during the run go under AT <time>"),
                row(lines("LPAR CP.1", "PROBLEM P", USER, "XAUTOLOG B", "VCPU 0 CP 1", "RUNIT"),
                        "t.scn:5:1: XAUTOLOG before any AT in problem P: changes during the run go under AT <time>"),
                row(changes("USER D", "VCPU 0 CP 1"),
                        "t.scn:9:1: USER D after an AT in problem P: a user that logs on during the run is a LOGON"),
                row(changes("START A.0", "VCPU 3 CP 1"),
                        "t.scn:10:1: VCPU not under a USER or LOGON in problem P"),
                row(changes("AT 20S", "AT 30S", "START A.0"),
                        "t.scn:9:1: AT 20S has no changes"),
                row(changes("LOGON D", "START A.0"),
                        "t.scn:9:1: user D in problem P has no VCPU"),

                // changes while the problem runs: when
                row(changes("AT 0S", "START A.0"),
                        "t.scn:9:4: AT must be from 1MS to 1440M (24 hours), got 0S"),
                row(changes("AT 1.0005MS", "START A.0"),
                        "t.scn:9:4: AT must be a whole number of microseconds, got 1.0005MS"),
                row(changes("AT 10000MS", "START A.0"),
                        "t.scn:9:4: AT 10000MS given twice (first at line 7): one AT block holds every change of an instant"),
                row(changes("AT 5S", "START A.0"),
                        "t.scn:9:4: AT 5S comes after AT 10S (line 7): AT blocks go in order of time"),
                row(changes("AT 1M", "START A.0"),
                        "t.scn:9:4: AT 1M is not before the end of the run (DURATION 60S)"),
                row(moments(Limits.MAX_MOMENTS + 1),
                        "t.scn:2005:1: too many AT blocks in problem P: at most 1000 are allowed"),

                // changes while the problem runs: what they act on, as it stands then
                row(changes("LOGOFF Z"),
                        "t.scn:9:8: user Z is not logged on at 10S"),
                row(changes("FORCE A", "SET SHARE a CP.5-R"),
                        "t.scn:10:11: user a is not logged on at 10S"),
                row(changes("LOGON a", "VCPU 0 CP 1"),
                        "t.scn:9:7: user a is already logged on at 10S"),
                row(changes("STOP A.0"),
                        "t.scn:9:6: virtual CPU A.0 is already stopped at 10S"),
                row(changes("START A.1", "START A.1"),
                        "t.scn:10:7: virtual CPU A.1 is already running at 10S"),
                row(changes("SET DEMAND A.5 3"),
                        "t.scn:9:12: user A has no virtual CPU 5 at 10S"),
                row(changes("SET CPUPOOL NOPE CAPACITY 1"),
                        "t.scn:9:13: SET CPUPOOL names undefined CPU pool NOPE"),
                row(changes("LOGON D POOL X", "VCPU 0 CP 1"),
                        "t.scn:9:14: user D names undefined CPU pool X"),
                row(lines("LPAR IFL.2", "PROBLEM P", "USER A", "VCPU 0 IFL 1", "AT 1S", "LOGON D CPUAFFINITY OFF", "VCPU 0 IFL 5", "RUNIT"),
                        "t.scn:7:8: VCPU 0 of user D is IFL with CPUAFFINITY OFF, but the LPAR has no CP to simulate it on"),

                // changes while the problem runs: their values
                row(changes("STOP 10"),
                        "t.scn:9:6: expected a virtual CPU like B.0, found '10'"),
                row(changes("SET DEMAND A.40 5"),
                        "t.scn:9:14: virtual CPU address must be hex from 0 to 3F, got 40"),
                row(changes("SET DEMAND A.0 150"),
                        "t.scn:9:16: demand must be from 0 to 100 percent or *, got 150"),
                row(changes("SET SHARE A CP.0-R"),
                        "t.scn:9:16: RELATIVE share must be a whole number from 1 to 10000, got 0"),
                row(changes("SET SHARE A CP.1-R CP.2-R"),
                        "t.scn:9:20: duplicate CP share for user A"),
                row(changes("SET SHARE A TYPE CP RELATIVE 0"),
                        "t.scn:9:30: RELATIVE share must be a whole number from 1 to 10000, got 0"),
                row(changes("SET SHARE A TYPE ZIIP ABSOLUTE 101% NOLIMIT"),
                        "t.scn:9:32: ABSOLUTE share must be above 0 and at most 100%, got 101"),
                row(changes("SET CPUPOOL LNX LIMITHARD 150%"),
                        "t.scn:9:27: LIMITHARD must be above 0 and at most 100%, got 150"),

                // nothing to run: a test of it would pass whatever the scheduler did
                row(lines("LPAR CP.1", "PROBLEM P", "RUNIT"),
                        "t.scn:2:1: problem P has no USER"),
                row(lines("LPAR CP.1", "PROBLEM P", "USER U", "USER V", "VCPU 0 CP 5", "RUNIT"),
                        "t.scn:3:1: user U in problem P has no VCPU"));
    }

    private static final String VALID = "LPAR CP.1\nPROBLEM P\nUSER U\nVCPU 0 CP 5\nRUNIT\n";

    private static byte[] bytes(String text, Charset charset) {
        return text.getBytes(charset);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** Files that are not UTF-8: the first bad byte's line, column and offset, and what was expected. */
    static Stream<Arguments> badlyEncodedFiles() {
        byte[] utf8 = bytes(VALID, StandardCharsets.UTF_8);
        return Stream.of(
                Arguments.of("Latin-1 comment", bytes("LPAR CP.1\n* caf\u00e9\nPROBLEM P\n", StandardCharsets.ISO_8859_1),
                        ":2:6: invalid UTF-8 byte 0xE9 at byte offset 15: the file must be UTF-8"),
                Arguments.of("UTF-16LE with BOM", concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, bytes(VALID, StandardCharsets.UTF_16LE)),
                        ":1:1: the file is UTF-16 (it starts with the byte order mark FF FE): the file must be UTF-8"),
                Arguments.of("UTF-16BE with BOM", bytes(VALID, StandardCharsets.UTF_16),
                        ":1:1: the file is UTF-16 (it starts with the byte order mark FE FF): the file must be UTF-8"),
                Arguments.of("UTF-16LE without BOM", bytes(VALID, StandardCharsets.UTF_16LE),
                        ":1:2: NUL byte at byte offset 1 (is it UTF-16?): the file must be UTF-8"),
                Arguments.of("UTF-16BE without BOM", bytes(VALID, StandardCharsets.UTF_16BE),
                        ":1:1: NUL byte at byte offset 0 (is it UTF-16?): the file must be UTF-8"),
                Arguments.of("truncated multibyte sequence at the end", concat(utf8, new byte[] {'*', ' ', (byte) 0xE2, (byte) 0x82}),
                        ":6:3: the file ends inside a UTF-8 character (byte 0xE2 at byte offset 47): the file must be UTF-8"),
                Arguments.of("after a UTF-8 BOM and multibyte characters",
                        concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes("* \u00e9\u20ac", StandardCharsets.UTF_8),
                                new byte[] {(byte) 0xFF, '\n'}, utf8),
                        ":1:5: invalid UTF-8 byte 0xFF at byte offset 10: the file must be UTF-8"),
                Arguments.of("an encoded surrogate", concat(utf8, new byte[] {'*', ' ', (byte) 0xED, (byte) 0xA0, (byte) 0x80}),
                        ":6:3: invalid UTF-8 byte 0xED at byte offset 47: the file must be UTF-8"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badlyEncodedFiles")
    void parse_fileNotInUtf8_reportsOneLineAtItsFirstBadByte(String what, byte[] content, String expected, @TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("e.scn");
        Files.write(file, content);

        InputException e = assertThrows(InputException.class, () -> ScenarioParser.parse(file));
        assertEquals(List.of(file + expected), e.diagnostics().stream().map(Diagnostic::toString).toList());
    }

    @Test
    void parse_fileOverTheSizeLimit_isRejectedBeforeItIsRead(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("huge.scn");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(Limits.MAX_SCENARIO_BYTES + 1);
        }

        InputException e = assertThrows(InputException.class, () -> ScenarioParser.parse(file));
        assertEquals(file + ":1:1: the file has 33554433 bytes, a scenario file has at most 33554432 (32 MiB)", e.getMessage());
    }

    @Test
    void parse_utf8WithByteOrderMark_isAccepted(@TempDir Path dir) throws IOException, InputException {
        Path file = dir.resolve("bom.scn");
        Files.write(file, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes("* caf\u00e9\n" + VALID, StandardCharsets.UTF_8)));

        assertEquals(2, ScenarioParser.parse(file).problems().get(0).partition().location().line());
    }

    @ParameterizedTest
    @MethodSource("malformedInputs")
    void parse_malformedInput_reportsExactMessages(String text, List<String> expected) {
        assertEquals(expected, messages(text));
    }

    @Test
    void parse_threeMistakesOnDifferentLines_reportsThreeInLineOrder() {
        String text = lines(
                "LPAR CP.2",
                "PROBLEM P",
                "USER A CP.100-R,50-R",
                "  VCPU 0 CP 101",
                "USER B CP.100-R",
                "  VCPU 0 CP",
                "RUNIT");
        assertEquals(List.of(
                "t.scn:3:17: limit 50-R must end in L (LIMITHARD) or S (LIMITSOFT): 50-RL or 50-RS",
                "t.scn:4:13: demand must be from 0 to 100 percent or *, got 101",
                "t.scn:6:12: expected a demand: a percent from 0 to 100 or *, found end of line"), messages(text));
    }

    @Test
    void parse_brokenUserLine_doesNotBlameItsVcpus() {
        String text = lines("LPAR CP.2", "PROBLEM P", "USER A CP.100", "  VCPU 0 CP 5", "  VCPU 1 CP 5", "RUNIT");
        assertEquals(List.of("t.scn:3:14: expected a share like CP.100-R, found end of line"), messages(text));
    }

    @Test
    void parse_brokenProblemLine_doesNotBlameItsUsers() {
        String text = lines("LPAR CP.2", "PROBLEM", "USER A", "  VCPU 0 CP 5", "RUNIT");
        assertEquals(List.of("t.scn:2:8: expected a problem name, found end of line"), messages(text));
    }

    @Test
    void parse_brokenLparLine_doesNotBlameTheVcpusOrSettingsAfterIt() {
        String text = lines("LPAR CP.2 ZIIP", "MULTITHREAD ZIIP.2", "PROBLEM P", "USER A", "  VCPU 0 ZIIP 5", "RUNIT");
        assertEquals(List.of("t.scn:1:15: expected cores like CP.2, found end of line"), messages(text));
    }

    @Test
    void parse_brokenCpupoolLine_doesNotBlameTheUsersNamingIt() {
        String text = lines("LPAR CP.2", "CPUPOOL LINUX CP LIMITHARD 130%", "PROBLEM P", "USER A POOL LINUX", "VCPU 0 CP 5", "RUNIT");
        assertEquals(List.of("t.scn:2:28: LIMITHARD must be above 0 and at most 100%, got 130"), messages(text));
    }

    @Test
    void parse_brokenLogonLine_doesNotBlameTheChangesToItsUser() {
        String text = lines("LPAR CP.2", "PROBLEM P", "USER A", "  VCPU 0 CP 5", "AT 5S", "  LOGON C CP.100", "    VCPU 0 CP 5",
                "AT 6S", "  STOP C.0", "  LOGOFF C", "RUNIT");
        assertEquals(List.of("t.scn:6:17: expected a share like CP.100-R, found end of line"), messages(text));
    }

    @Test
    void parse_brokenVcpuLineOfALogon_doesNotBlameTheChangesToIt() {
        String text = lines("LPAR CP.2", "PROBLEM P", "USER A", "  VCPU 0 CP 5", "AT 5S", "  LOGON C", "    VCPU 0 CP 500",
                "AT 6S", "  SET DEMAND C.0 5", "RUNIT");
        assertEquals(List.of("t.scn:7:15: demand must be from 0 to 100 percent or *, got 500"), messages(text));
    }

    /** Every error of the file; after a START that could not apply, what runs is not known, and STOP A.1 is not checked. */
    @Test
    void parse_severalWrongChanges_reportsEachAtItsLine() {
        String text = lines("LPAR CP.2", "PROBLEM P", "USER A", "  VCPU 0 CP 5", "AT 5S", "  SET SHARE Z CP.5-R",
                "  SET DEMAND A.0 101", "  SET DEMAND A.1 1", "  START A.0", "AT 4S", "  STOP A.1", "RUNIT DURATION 4S");
        assertEquals(List.of(
                "t.scn:5:4: AT 5S is not before the end of the run (DURATION 4S)",
                "t.scn:6:13: user Z is not logged on at 5S",
                "t.scn:7:18: demand must be from 0 to 100 percent or *, got 101",
                "t.scn:8:14: user A has no virtual CPU 1 at 5S",
                "t.scn:9:9: virtual CPU A.0 is already running at 5S",
                "t.scn:10:4: AT 4S comes after AT 5S (line 5): AT blocks go in order of time",
                "t.scn:10:4: AT 4S is not before the end of the run (DURATION 4S)"), messages(text));
    }

    @Test
    void parse_badInput_printsNothingToStandardError() {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            messages(lines("LPAR CP.", "PROBLEM ?", "USER U CP.1-Q ,", "VCPU 0 CP # $", "RUNIT SEED"));
        } finally {
            System.setErr(original);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    /**
     * Every line of a valid file, cut short or with a stray word put in: if the line then has a
     * syntax error, that one message is the file's only one, and no message anywhere speaks the
     * grammar's language instead of the user's.
     */
    @Test
    void parse_anyDamagedLine_reportsOneMessageInUserTerms() {
        List<String> valid = List.of(
                "LPAR CP.4 ZIIP.2 IFL.2",
                "MULTITHREAD IFL.2",
                "TOPOLOGY CHIP.4 NODE.2",
                "SRM DSPSLICE 8",
                "SRM DSPWDMETHOD REBALANCE",
                "SRM POLARIZATION HORIZONTAL",
                "CPUPOOL LINUX IFL CAPACITY 1.5",
                "CPUPOOL CAPPED CP LIMITHARD 30%",
                "PROBLEM P",
                "USER A CP.100-R ZIIP.200-R,50-RL IFL.10-AS POOL LINUX CPUAFFINITY OFF",
                "  VCPU 0 CP *",
                "  VCPU 1 ZIIP 40 STOPPED",
                "USER B CP.25-AL",
                "  VCPU 0 IFL 2.5",
                "AT 20S",
                "  SET SHARE B CP.300-R ZIIP.5-A",
                "  SET SHARE B TYPE CP RELATIVE 300 ABSOLUTE 20% LIMITHARD",
                "  SET DEMAND A.0 40",
                "  SET CPUPOOL CAPPED LIMITHARD 50%",
                "  LOGON C CP.100-R POOL CAPPED CPUAFFINITY ON",
                "    VCPU 0 CP 50",
                "  STOP A.0",
                "  START A.1",
                "AT 1M",
                "  LOGOFF C",
                "RUNIT DURATION 120S INTERVAL 2S SEED 7");
        assertEquals(List.of(), messagesOrNone(String.join("\n", valid)));
        Pattern jargon = Pattern.compile("mismatched|extraneous|viable|missing|<EOF>|token|rule|[A-Z][a-z]+Context"
                + "|\\b(NUMBER|NAME|TIME|SUFFIX|STAR|DOT|COMMA|PERCENT|OTHER|EOF|typeCount|shareValue|engineType|vcpuRef"
                + "|shareAmount)\\b");
        int damaged = 0;
        for (int i = 0; i < valid.size(); i++) {
            String[] words = valid.get(i).trim().split(" +");
            for (String variant : damagedVariants(words)) {
                List<String> lines = new ArrayList<>(valid);
                lines.set(i, variant);
                List<String> messages = messagesOrNone(String.join("\n", lines));
                for (String message : messages) {
                    assertTrue(!jargon.matcher(message).find(), () -> variant + " -> " + message);
                }
                String at = "t.scn:" + (i + 1) + ":";
                boolean syntax = messages.stream().anyMatch(m -> m.startsWith(at)
                        && (m.contains(": expected ") || m.contains(": unknown statement ")));
                if (syntax) {
                    assertEquals(1, messages.size(), () -> variant + " -> " + messages);
                    damaged++;
                }
            }
        }
        assertTrue(damaged > 100, "only " + damaged + " variants had a syntax error");
    }

    /** Each prefix of the line's words, and each stray word put after its first one. */
    private static List<String> damagedVariants(String[] words) {
        List<String> variants = new ArrayList<>();
        for (int keep = 1; keep < words.length; keep++) {
            variants.add(String.join(" ", List.of(words).subList(0, keep)));
        }
        for (String stray : List.of("?", "FOO", "1", "*", ",", "-R", "5S", "CP", "%", ".")) {
            for (int at = 1; at <= words.length; at++) {
                List<String> withStray = new ArrayList<>(List.of(words));
                withStray.add(at, stray);
                variants.add(String.join(" ", withStray));
            }
        }
        return variants;
    }

    private static List<String> messages(String text) {
        InputException e = assertThrows(InputException.class, () -> ScenarioParser.parse("t.scn", text));
        return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }

    private static List<String> messagesOrNone(String text) {
        try {
            ScenarioParser.parse("t.scn", text);
            return List.of();
        } catch (InputException e) {
            return e.diagnostics().stream().map(Diagnostic::toString).toList();
        } catch (RuntimeException e) {
            return fail("parsing threw " + e + " for:\n" + text);
        }
    }
}

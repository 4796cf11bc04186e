#!/usr/bin/env python3
"""Writes SCALE01.scn and SCALE02.scn beside this script (deterministic: no randomness).

Run it from anywhere: python3 scenarios/scale/generate.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def demand(i):
    # A fixed cycle of demands: mostly always-ready, some donors of several sizes.
    return ['*', '*', '10', '*', '35', '*', '60', '*', '5', '*'][i % 10]


def scale01():
    lines = [
        '* SCALE01: scale. 200 users with two CP virtual CPUs each (400 virtual CPUs)',
        '* on 32 logical CPs, two nodes of two chips of eight cores. Shares cycle',
        '* through RELATIVE 50, 100, 200 and 400; every tenth user is ABSOLUTE 1%,',
        '* every fifteenth has a RELATIVE 100 LIMITHARD limit and every',
        '* twenty-fifth an ABSOLUTE 1% LIMITSOFT limit. Demands cycle through *,',
        '* 10, 35, 60 and 5. Too large to derive by hand: the golden answer is the',
        '* solver\'s (cross-checked only through the solver\'s own tests). A short',
        '* run keeps the library quick. Written by scenarios/scale/generate.py.',
        'LPAR CP.32',
        'TOPOLOGY CHIP.8 NODE.2',
        'PROBLEM SCALE01',
    ]
    for u in range(200):
        if u % 10 == 9:
            share = 'CP.1-A'
        else:
            share = 'CP.%d-R' % [50, 100, 200, 400][u % 4]
        if u % 15 == 14:
            share += ',100-RL'
        elif u % 25 == 24:
            share += ',1-AS'
        lines.append('USER S1U%03d %s' % (u, share))
        for v in range(2):
            lines.append('  VCPU %d CP %s' % (v, demand(u * 2 + v)))
    lines.append('RUNIT DURATION 20S')
    return lines


def scale02():
    lines = [
        '* SCALE02: scale. 2,000 virtual CPUs on 64 logical CPUs: 32 CPs and 16 IFL',
        '* cores with SMT-2 (32 IFL threads), chips of four cores, two chips per',
        '* node. 500 users with four virtual CPUs each: 250 z/OS-like users with',
        '* CP virtual CPUs (every fifth also two zIIP virtual CPUs, simulated on the',
        '* CPs), 250 Linux-like users with IFL virtual CPUs, half of them in the',
        '* CPU pool LINUX (CAPACITY 12). Shares cycle through RELATIVE 50, 100,',
        '* 200, 400 and 100; every tenth user is ABSOLUTE 2%, every fifteenth has a',
        '* RELATIVE 200 LIMITHARD limit and every twenty-fifth an ABSOLUTE 1%',
        '* LIMITSOFT limit; demands cycle as in SCALE01. Too large to derive by',
        '* hand: the golden answer is the solver\'s.',
        '* A short run keeps the library quick. Written by',
        '* scenarios/scale/generate.py.',
        'LPAR CP.32 IFL.16',
        'MULTITHREAD IFL.2',
        'TOPOLOGY CHIP.4 NODE.2',
        'CPUPOOL LINUX IFL CAPACITY 12',
        'PROBLEM SCALE02',
    ]
    for u in range(500):
        linux = u % 2 == 1
        t = 'IFL' if linux else 'CP'
        if u % 10 == 8:
            share = '%s.2-A' % t
        else:
            share = '%s.%d-R' % (t, [50, 100, 200, 400, 100][u % 5])
        if u % 15 == 14:
            share += ',200-RL'
        elif u % 25 == 24:
            share += ',1-AS'
        pool = ' POOL LINUX' if linux and u % 4 == 1 else ''
        lines.append('USER S2U%03d %s%s' % (u, share, pool))
        for v in range(4):
            typ = 'ZIIP' if (not linux and u % 5 == 0 and v >= 2) else t
            lines.append('  VCPU %d %s %s' % (v, typ, demand(u * 4 + v)))
    lines.append('RUNIT DURATION 20S')
    return lines


for name, body in (('SCALE01', scale01()), ('SCALE02', scale02())):
    with open(os.path.join(HERE, name + '.scn'), 'w') as f:
        f.write('\n'.join(body) + '\n')

/*
 * The scenario language (docs/language.md), one statement per line.
 *
 * ScenarioParser splits the token stream at line ends, drops comment lines (see STAR) and parses
 * each line on its own with `statement`, so a bad line cannot disturb its neighbours. Every
 * statement rule ends in EOF (the end of its line): a token that cannot come next is then caught
 * where it stands, with the widest set of what could have come instead, and the error is phrased
 * in the user's terms from the rule it happened in (SyntaxMessages). Value slots are rules of
 * their own for that reason.
 *
 * Named ScenarioLanguage, not Scenario: the generated ScenarioParser would collide with the
 * public org.schedlab.grammar.ScenarioParser.
 */
grammar ScenarioLanguage;

options { caseInsensitive = true; }

statement
    : lpar
    | multithread
    | topology
    | srm
    | cpupool
    | problem
    | user
    | vcpu
    | runit
    | at
    | set
    | logon
    | logoff
    | stop
    | start
    ;

lpar        : LPAR typeCount+ EOF ;
multithread : MULTITHREAD typeCount EOF ;
topology    : TOPOLOGY chips nodes EOF ;
srm         : SRM srmSetting EOF ;
cpupool     : CPUPOOL name engineType poolCap EOF ;
problem     : PROBLEM name EOF ;
user        : USER name share* (POOL name)? (CPUAFFINITY affinity)? EOF ;
vcpu        : VCPU address engineType demand STOPPED? EOF ;
runit       : RUNIT runOption* EOF ;

// What changes while a problem runs: AT blocks after its users. XAUTOLOG and FORCE are CP's own
// commands for logging a user on and off. SET SHARE takes the USER statement's share tokens, or CP's
// SET SHARE syntax for one type (TYPE is required there: the scenario does not guess a default type).
at     : AT TIME EOF ;
set
    : SET ( SHARE name ( share+ | TYPE engineType shareAmount ( shareAmount ( LIMITHARD | LIMITSOFT ) | NOLIMIT )? )
          | DEMAND vcpuRef demand
          | CPUPOOL name poolCap
          ) EOF
    ;
logon  : ( LOGON | XAUTOLOG ) name share* (POOL name)? (CPUAFFINITY affinity)? EOF ;
logoff : ( LOGOFF | FORCE ) name EOF ;
stop   : STOP vcpuRef EOF ;
start  : START vcpuRef EOF ;

// USER.ADDR. For a user named by a number, 7.0 is one NUMBER token and 7.0A a NUMBER and a NAME.
vcpuRef     : name DOT address | NUMBER NAME? ;
shareAmount : RELATIVE NUMBER | ABSOLUTE NUMBER PERCENT ;

typeCount : engineType DOT NUMBER ;
chips     : CHIP DOT NUMBER ;
nodes     : NODE DOT NUMBER ;

srmSetting
    : DSPSLICE NUMBER                      # dspslice
    | DSPWDMETHOD (RESHUFFLE | REBALANCE)  # dspwdmethod
    | POLARIZATION (VERTICAL | HORIZONTAL) # polarization
    ;

poolCap : LIMITHARD NUMBER PERCENT | CAPACITY NUMBER ;

share      : engineType DOT shareValue (COMMA shareValue)? ;
shareValue : NUMBER SUFFIX ;
affinity   : ON | OFF ;
address    : NUMBER | NAME ;
demand     : NUMBER | STAR ;

runOption
    : DURATION TIME # duration
    | INTERVAL TIME # interval
    | SEED NUMBER   # seed
    ;

engineType : CP | ZIIP | ZAAP | IFL | ICF ;

// Names are free-form words, so a user may be called ON or a pool CP.
name : NAME | NUMBER | TIME | engineType | keyword ;

keyword
    : LPAR | MULTITHREAD | TOPOLOGY | CHIP | NODE | SRM | DSPSLICE | DSPWDMETHOD | RESHUFFLE
    | REBALANCE | POLARIZATION | VERTICAL | HORIZONTAL | CPUPOOL | LIMITHARD | CAPACITY | PROBLEM
    | USER | POOL | CPUAFFINITY | ON | OFF | VCPU | STOPPED | RUNIT | DURATION | INTERVAL | SEED
    | AT | SET | SHARE | DEMAND | TYPE | RELATIVE | ABSOLUTE | LIMITSOFT | NOLIMIT | LOGON | XAUTOLOG
    | LOGOFF | FORCE | STOP | START
    ;

// Engine types first and together (SyntaxMessages tests for them as a range), then keywords in
// statement order: error messages list expected tokens in token-type order.
CP   : 'CP' ;
ZIIP : 'ZIIP' ;
ZAAP : 'ZAAP' ;
IFL  : 'IFL' ;
ICF  : 'ICF' ;

LPAR         : 'LPAR' ;
MULTITHREAD  : 'MULTITHREAD' ;
TOPOLOGY     : 'TOPOLOGY' ;
CHIP         : 'CHIP' ;
NODE         : 'NODE' ;
SRM          : 'SRM' ;
DSPSLICE     : 'DSPSLICE' ;
DSPWDMETHOD  : 'DSPWDMETHOD' ;
RESHUFFLE    : 'RESHUFFLE' ;
REBALANCE    : 'REBALANCE' ;
POLARIZATION : 'POLARIZATION' ;
VERTICAL     : 'VERTICAL' ;
HORIZONTAL   : 'HORIZONTAL' ;
CPUPOOL      : 'CPUPOOL' ;
LIMITHARD    : 'LIMITHARD' ;
CAPACITY     : 'CAPACITY' ;
PROBLEM      : 'PROBLEM' ;
USER         : 'USER' ;
POOL         : 'POOL' ;
CPUAFFINITY  : 'CPUAFFINITY' ;
ON           : 'ON' ;
OFF          : 'OFF' ;
VCPU         : 'VCPU' ;
STOPPED      : 'STOPPED' ;
RUNIT        : 'RUNIT' ;
DURATION     : 'DURATION' ;
INTERVAL     : 'INTERVAL' ;
SEED         : 'SEED' ;
AT           : 'AT' ;
SET          : 'SET' ;
SHARE        : 'SHARE' ;
DEMAND       : 'DEMAND' ;
TYPE         : 'TYPE' ;
RELATIVE     : 'RELATIVE' ;
ABSOLUTE     : 'ABSOLUTE' ;
LIMITSOFT    : 'LIMITSOFT' ;
NOLIMIT      : 'NOLIMIT' ;
LOGON        : 'LOGON' ;
XAUTOLOG     : 'XAUTOLOG' ;
LOGOFF       : 'LOGOFF' ;
FORCE        : 'FORCE' ;
STOP         : 'STOP' ;
START        : 'START' ;

// Runs to the end of the line; a line holding only an annotation has no tokens, so it is blank.
ANNOTATION : '<-' ~[\r\n]* -> skip ;

// Signed, so that a negative value reaches the builder and gets a message about its range.
TIME   : '-'? DIGITS ('.' DIGITS)? ('S' | 'M' | 'MS') ;
NUMBER : '-'? DIGITS ('.' DIGITS)? ;
// Any letters: the builder names the valid suffixes when these are wrong.
SUFFIX : '-' [A-Z]+ ;
// After NUMBER and TIME, which win ties: 100 is a NUMBER, 120S a TIME, 3F and QGP00001 NAMEs.
NAME   : [A-Z0-9@#$_]+ ;

DOT     : '.' ;
COMMA   : ',' ;
PERCENT : '%' ;
// The unbounded demand; but a line whose first token it is, is a comment, which ScenarioParser
// drops. Deciding that in the lexer would take a predicate on the column, and a predicate at the
// start of every token keeps ANTLR from caching its lexer DFA, which makes lexing many times slower.
STAR    : '*' ;

// Lines are told apart by the tokens' line numbers.
WS      : [ \t\r\n\f]+ -> skip ;
// Anything else reaches the parser, which reports it in the user's terms; the lexer never fails.
OTHER   : . ;

fragment DIGITS : [0-9]+ ;

// The option registry: the `uci` listing, validation and error messages come from each option's
// one declaration, lookups ignore case, a refused value changes nothing, and every Engine has
// options of its own.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine.h"
#include "options.h"
#include "search_params.h"
#include "strength.h"
#include "tt.h"

namespace mainline {
namespace {

TEST(Options, EveryTypeListsAndValidatesFromItsDeclaration) {
    int changes = 0;
    OptionsMap map;
    map.add("Size", Option::spin(4, 1, 9, [&](const Option&) { return ++changes, std::string(); }, "kg"));
    map.add("Count", Option::spin(0, -3, 3));
    map.add("Go", Option::button([&](const Option&) { return ++changes, std::string(); }));
    map.add("Fast", Option::check(true));
    map.add("Style", Option::combo("Calm", {"Calm", "Wild"}));
    map.add("Label", Option::string(""));
    map.add("Path", Option::string("a b"));
    EXPECT_EQ(map.uci_lines(), (std::vector<std::string>{
                                   "option name Size type spin default 4 min 1 max 9",
                                   "option name Count type spin default 0 min -3 max 3",
                                   "option name Go type button",
                                   "option name Fast type check default true",
                                   "option name Style type combo default Calm var Calm var Wild",
                                   "option name Label type string default <empty>",
                                   "option name Path type string default a b",
                               }));

    EXPECT_EQ(map.set("size", "10"), "Size must be a whole number of kg from 1 to 9, not '10'");
    EXPECT_EQ(map.set("Size", "2.5"), "Size must be a whole number of kg from 1 to 9, not '2.5'");
    EXPECT_EQ(map.set("Count", ""), "Count must be a whole number from -3 to 3, not ''");
    EXPECT_EQ(map.set("fast", "yes"), "fast must be true or false, not 'yes'");
    EXPECT_EQ(map.set("Style", "calmer"), "Style must be one of Calm, Wild, not 'calmer'");
    EXPECT_EQ(map.set("Colour", "red"), "unknown option 'Colour'");
    EXPECT_EQ(changes, 0);

    EXPECT_EQ(map.set("SIZE", "9"), "");
    EXPECT_EQ(map["Size"].as_int(), 9);
    EXPECT_EQ(map.set("Count", "-3"), "");
    EXPECT_EQ(map["count"].as_int(), -3);
    EXPECT_EQ(map.set("go", "whatever follows"), "");
    EXPECT_EQ(changes, 2);
    EXPECT_EQ(map.set("Fast", "FALSE"), "");
    EXPECT_FALSE(map["Fast"].as_bool());
    EXPECT_EQ(map.set("style", "WILD"), "");
    EXPECT_EQ(map["Style"].as_string(), "Wild");  // stored as declared
    EXPECT_EQ(map.set("Label", "two words"), "");
    EXPECT_EQ(map["Label"].as_string(), "two words");
    // The listing shows the declared defaults, not the current values.
    EXPECT_EQ(map.uci_lines()[0], "option name Size type spin default 4 min 1 max 9");
    EXPECT_EQ(map.find("nothing"), nullptr);
    EXPECT_EQ(map.find("PATH"), &map["Path"]);
}

TEST(Options, ARefusedChangeKeepsThePreviousValue) {
    std::vector<int> applied;
    OptionsMap map;
    map.add("Table", Option::spin(8, 1, 64, [&](const Option& o) {
                if (o.as_int() > 32) return std::string("no memory for ") + std::to_string(o.as_int());
                applied.push_back(o.as_int());
                return std::string();
            }));
    EXPECT_EQ(map.set("Table", "16"), "");
    EXPECT_EQ(map.set("Table", "64"), "no memory for 64");
    EXPECT_EQ(map["Table"].as_int(), 16);
    EXPECT_EQ(applied, std::vector<int>{16});
    // validate() reports what set() would, and changes nothing.
    EXPECT_EQ(map.validate("table", "0"), "Table must be a whole number from 1 to 64, not '0'");
    EXPECT_EQ(map.validate("Table", "20"), "");
    EXPECT_EQ(map.validate("Chair", "1"), "unknown option 'Chair'");
    EXPECT_EQ(map["Table"].as_int(), 16);
    EXPECT_EQ(applied, std::vector<int>{16});
}

// The `uci` answer, line for line (GUIs and scripts parse it): as before the registry existed,
// plus the evaluation's two options at the end.
TEST(Options, EngineListingIsUnchanged) {
    const Engine engine;
    EXPECT_EQ(engine.option_descriptions(),
              (std::vector<std::string>{
                  "option name Hash type spin default 16 min 1 max 32768",
                  "option name Clear Hash type button",
                  "option name Threads type spin default 1 min 1 max " + std::to_string(MAX_THREADS),
                  "option name MultiPV type spin default 1 min 1 max 64",
                  "option name PvMethod type combo default pvhash var stack var triangular var tt var pvhash",
                  "option name AltVariations type check default false",
                  "option name VerifyPv type check default false",
                  "option name Move Overhead type spin default 30 min 0 max 5000",
                  "option name Ponder type check default false",
                  "option name UCI_Chess960 type check default false",
                  "option name UCI_LimitStrength type check default false",
                  // the range is the generated level table's (engine/level_table.h)
                  "option name UCI_Elo type spin default 1500 min " + std::to_string(STRENGTH_MIN_ELO) + " max " +
                      std::to_string(STRENGTH_MAX_ELO),
                  "option name Skill Level type spin default 20 min 0 max 20",
                  "option name Use NNUE type check default true",
                  "option name EvalFile type string default <embedded>",
              }));
}

TEST(Options, EngineRangesComeFromTheirConstants) {
    Engine engine;
    const OptionsMap& o = engine.options();
    EXPECT_EQ(o["MultiPV"].max(), search_params::MAX_MULTIPV);
    EXPECT_EQ(o["Hash"].min(), TranspositionTable::MIN_MB);
    EXPECT_EQ(o["Hash"].max(), TranspositionTable::MAX_MB);
    EXPECT_EQ(o["Hash"].default_number(), Engine::DEFAULT_HASH_MB);
    EXPECT_EQ(o["UCI_Elo"].min(), STRENGTH_MIN_ELO);
    EXPECT_EQ(o["UCI_Elo"].max(), STRENGTH_MAX_ELO);
    EXPECT_EQ(o["UCI_Elo"].default_number(), Engine::DEFAULT_ELO);
    EXPECT_EQ(o["Skill Level"].max(), Engine::MAX_SKILL_LEVEL);
    EXPECT_EQ(o["Move Overhead"].max(), Engine::MAX_MOVE_OVERHEAD_MS);
    EXPECT_EQ(o["Move Overhead"].default_number(), search_params::MOVE_OVERHEAD_MS);
    EXPECT_EQ(o["Threads"].max(), MAX_THREADS);
    EXPECT_EQ(engine.set_option("MultiPV", std::to_string(search_params::MAX_MULTIPV + 1)),
              "MultiPV must be a whole number from 1 to " + std::to_string(search_params::MAX_MULTIPV) + ", not '" +
                  std::to_string(search_params::MAX_MULTIPV + 1) + "'");
}

TEST(Options, EngineErrorMessagesKeepTheirWording) {
    Engine engine;
    EXPECT_EQ(engine.set_option("Hash", "lots"), "Hash must be a whole number of MB from 1 to 32768, not 'lots'");
    EXPECT_EQ(engine.set_option("MultiPV", "x"), "MultiPV must be a whole number from 1 to 64, not 'x'");
    EXPECT_EQ(engine.set_option("PvMethod", "magic"), "PvMethod must be one of stack, triangular, tt, pvhash, not 'magic'");
    EXPECT_EQ(engine.set_option("Move Overhead", "-1"), "Move Overhead must be a whole number of ms from 0 to 5000, not '-1'");
    EXPECT_EQ(engine.set_option("UCI_Elo", "5000"), "UCI_Elo must be a whole number from " + std::to_string(STRENGTH_MIN_ELO) +
                                                      " to " + std::to_string(STRENGTH_MAX_ELO) + ", not '5000'");
    EXPECT_EQ(engine.set_option("Skill Level", "21"), "Skill Level must be a whole number from 0 to 20, not '21'");
    EXPECT_EQ(engine.set_option("VerifyPv", "y"), "VerifyPv must be true or false, not 'y'");
    EXPECT_EQ(engine.set_option("Threads", "0"),
              "Threads must be a whole number from 1 to " + std::to_string(MAX_THREADS) + ", not '0'");
    EXPECT_EQ(engine.set_option("Foo", "1"), "unknown option 'Foo'");
}

TEST(Options, EngineOptionsActOnTheirEngineOnly) {
    Engine a, b;
    EXPECT_EQ(a.set_option("multipv", "3"), "");
    EXPECT_EQ(a.set_option("PVMETHOD", "TT"), "");
    EXPECT_EQ(a.set_option("AltVariations", "true"), "");
    EXPECT_EQ(a.set_option("Move Overhead", "100"), "");
    EXPECT_EQ(a.set_option("Hash", "2"), "");
    EXPECT_EQ(a.set_option("verifypv", "true"), "");
    EXPECT_EQ(a.set_option("UCI_LimitStrength", "true"), "");
    EXPECT_EQ(a.set_option("UCI_Elo", "1000"), "");
    EXPECT_EQ(a.search_options().multipv, 3);
    EXPECT_EQ(a.search_options().pv_method, PvMethod::TT);
    EXPECT_TRUE(a.search_options().alt_variations);
    EXPECT_EQ(a.search_options().move_overhead_ms, 100);
    EXPECT_EQ(a.hash_mb(), 2);
    EXPECT_TRUE(a.verify_pv());
    EXPECT_EQ(a.limited_elo(), 1000);

    const SearchOptions defaults;
    EXPECT_EQ(b.search_options().multipv, defaults.multipv);
    EXPECT_EQ(b.search_options().pv_method, defaults.pv_method);
    EXPECT_EQ(b.search_options().alt_variations, defaults.alt_variations);
    EXPECT_EQ(b.search_options().move_overhead_ms, defaults.move_overhead_ms);
    EXPECT_EQ(b.hash_mb(), Engine::DEFAULT_HASH_MB);
    EXPECT_FALSE(b.verify_pv());
    EXPECT_EQ(b.limited_elo(), 0);
    EXPECT_EQ(b.set_option("Skill Level", "0"), "");
    EXPECT_EQ(b.limited_elo(), STRENGTH_MIN_ELO);
    EXPECT_EQ(a.limited_elo(), 1000);
}

// Ponder is listed for GUIs and accepted, and changes nothing the engine does.
TEST(Options, PonderIsAcceptedAndInert) {
    Engine engine;
    const SearchOptions before = engine.search_options();
    EXPECT_EQ(engine.set_option("Ponder", "true"), "");
    EXPECT_TRUE(engine.options()["Ponder"].as_bool());
    EXPECT_EQ(engine.set_option("Ponder", "maybe"), "Ponder must be true or false, not 'maybe'");
    EXPECT_EQ(engine.search_options().multipv, before.multipv);
    EXPECT_EQ(engine.search_options().pv_method, before.pv_method);
    EXPECT_EQ(engine.limited_elo(), 0);
}

}  // namespace
}  // namespace mainline

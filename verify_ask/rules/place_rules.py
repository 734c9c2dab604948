"""Rules of the place stage: why the figure's best place in the source does not answer the
question. A rule reads a fact of ``Place`` (``verify_ask.language.places.index``) that a
table cell and a figure in the text each say their own way, or works out, from the
figure's sentence and clause, one only the text says (``_in_text``); the last rule reads
how well the place scores. The span checker words their reasons at the best place.

The examples' sentences are short excerpts, some shortened or reworded, of SQuAD dev
(Rajpurkar et al. 2016, 2018; CC BY-SA 4.0) and TAT-QA dev (Zhu et al. 2021; CC BY 4.0), or
made up."""

from __future__ import annotations

import re

from verify_ask.language.lexicon import COMPLEMENT
from verify_ask.language.places import measures, relations, times
from verify_ask.language.places.index import TextPlace
from verify_ask.language.places.words import has_word
from verify_ask.language.question import negates
from verify_ask.rules.facts import Facts
from verify_ask.rules.registry import Example, Outcome, rule
from verify_ask.text.normalize import find_values
from verify_ask.values import unit_of

_PARIS = (
    "The Black Death reached Egypt in 1347, and Europe a year later. Half of Paris's "
    "population of 100,000 people died."
)
_DISCHARGE = "Near the Dutch border, the Rhine has an annual mean discharge of 2,290 m3/s."


@rule(
    "S201", "owner-else", "place", ["place.owner"],
    examples=[
        Example(_PARIS, "How many people lived in Egypt at the start of the Black Death?",
                "100,000"),
        Example(_DISCHARGE, "What is the mean discharge of the Moselle to the Rhine?",
                "2,290 m3/s"),
        Example(_DISCHARGE, "What is the mean discharge of the Rhine?", "2,290 m3/s",
                refused=False),
    ],
)  # fmt: skip
def owner_else(facts: Facts) -> str | None:
    """The text makes the figure another name's ('Paris's population').

    Its possession ("Half of *Paris's* population of 100,000" for a question about Egypt),
    what it has ("the *Rhine* has an annual mean discharge of 2,290 m3/s" for the
    Moselle's), or whose event it dates ("the resignation of *Rajendra K. Pachauri* in
    February 2015" for El Gizouli's)."""
    place = _in_text(facts)
    owner = place and relations.owner(
        facts.question, place.text, place.start, place.sentence_text, place.is_topic
    )
    if owner is not None:
        return f"the text gives it as {owner!r}'s"
    return None


_CONSTANCE = (
    "Lake Constance consists of three bodies of water: the Obersee (upper lake), the Untersee "
    "(lower lake), and a connecting stretch of the Rhine, called the Seerhein."
)


@rule(
    "S202", "listed-item", "place", ["place.listed"],
    examples=[
        Example(_CONSTANCE, "How many bodies of water make up the Obersee?", "three"),
        Example(_CONSTANCE, "How many bodies of water make up Lake Constance?", "three",
                refused=False),
    ],
)  # fmt: skip
def listed_item(facts: Facts) -> str | None:
    """The sentence gives the question's name as one of what the figure counts.

    "three bodies of water: the Obersee, ..." for "how many make up the Obersee"."""
    place = _in_text(facts)
    listed = place and measures.listed_name(
        facts.question, place.text, (place.sentence[0], place.end, place.sentence[1])
    )
    if listed is not None:
        return f"that sentence gives {listed!r} as one of what the figure counts"
    return None


_MING = "The Ming dynasty ruled China (1368–1644) after the Yuan."


@rule(
    "S203", "other-span-end", "place", ["place.span_end"],
    examples=[
        Example(_MING, "When did the Ming dynasty begin to rule China?", "1644"),
        Example(_MING, "When did the Ming dynasty begin to rule China?", "1368", refused=False),
    ],
)  # fmt: skip
def other_span_end(facts: Facts) -> str | None:
    """The figure is one end of a span of years, and the question asks the other.

    "1368" of "(1368–1644)" for "when was the Ming dynasty out of power"."""
    place = _in_text(facts)
    end = place and times.other_end(facts.question, place.text, place.start, place.end)
    if end is not None:
        return f"the text gives it as {end} of a span, and the question asks the other"
    return None


_ASTRA = "In 1998 the Astra 1A satellite was replaced by Astra 2A."


@rule(
    "S204", "reversed-relation", "place", ["place.reversed_relation"],
    examples=[
        Example(_ASTRA, "When did Astra 1A replace the Astra 2A satellite?", "1998"),
        Example(_ASTRA, "When did Astra 2A replace the Astra 1A satellite?", "1998",
                refused=False),
    ],
)  # fmt: skip
def reversed_relation(facts: Facts) -> str | None:
    """The sentence states the question's relation the other way round.

    "SkyDrive will soon *become* OneDrive" for "when did OneDrive become SkyDrive"."""
    place = _in_text(facts)
    reversed_ = place and relations.reversed_relation(facts.question.text, place.sentence_text)
    if reversed_ is not None:
        return f"that sentence says {reversed_!r} the other way round"
    return None


_RESERVE = "As of 2012, Harvard had a total financial aid reserve of $159 million for students."


@rule(
    "S205", "level-for-change", "place", ["place.level_for_change"],
    examples=[
        Example(_RESERVE, "What amount did Harvard cut from its 2012 financial aid reserve?",
                "$159 million"),
        Example(_RESERVE, "What was Harvard's financial aid reserve in 2012?", "$159 million",
                refused=False),
    ],
)  # fmt: skip
def level_for_change(facts: Facts) -> str | None:
    """The question asks how much something changed, and the text gives a level.

    "what amount did Harvard *cut*", and the figure's sentence and the one before tell of no
    change ("a reserve of $159 million")."""
    place = _in_text(facts)
    if place is not None and relations.level_for_change(facts.question, place.told):
        return "the question asks how much it changed, and the text gives it as a level"
    return None


@rule(
    "S206", "rank-cutoff", "place", ["place.cutoff"],
    examples=[
        Example("Los Angeles, Orange, San Diego, San Bernardino, and Riverside are the five most "
                "populous counties in the state, and all are in the top 15 most populous "
                "counties in the nation.", "How many populous counties are in the nation?", "15"),
    ],
)  # fmt: skip
def rank_cutoff(facts: Facts) -> str | None:
    """The text ranks by the figure ('the top 15'), and the question asks for a count."""
    place = _in_text(facts)
    cutoff = place and measures.cutoff(
        facts.question,
        place.text[place.clause[0] : place.start],
        place.text[place.end : place.clause[1]],
    )
    if cutoff is not None:
        return f"the text ranks by it ({cutoff!r}), and the question asks for a count"
    return None


_PARK = "The park has a multi-use amphitheatre that seats up to 2,500 people and a lake."


@rule(
    "S207", "capacity", "place", ["place.capacity"],
    examples=[
        Example(_PARK, "How many people visit the park each day?", "2,500"),
        Example(_PARK, "How many people can the park's amphitheatre seat?", "2,500",
                refused=False),
    ],
)  # fmt: skip
def capacity(facts: Facts) -> str | None:
    """The text gives the figure as a capacity ('seats up to'), and the question asks for none."""
    place = _in_text(facts)
    found = place and measures.capacity(facts.question, place.text[place.clause[0] : place.start])
    if found is not None:
        return f"the text gives it as a capacity ({found!r}), and the question asks for none"
    return None


_CARBON = (
    "Amazonian forests are estimated to have accumulated 0.62 tons of carbon per hectare per "
    "year between 1975 and 1996."
)


@rule(
    "S208", "rate", "place", ["place.rate"],
    examples=[
        Example(_CARBON, "How many tons of carbon did Amazonian forests accumulate each year?",
                "0.62 tons"),
        Example(_CARBON, "How many tons of carbon per hectare did Amazonian forests accumulate "
                "each year?", "0.62 tons", refused=False),
    ],
)  # fmt: skip
def rate(facts: Facts) -> str | None:
    """The text divides the figure ('per hectare'), and the question asks for no rate."""
    place = _in_text(facts)
    if place is None:
        return None
    after = place.text[place.end : min(place.sentence[1], place.end + measures.RATE_REACH)]
    per = measures.rate(facts.question, after)
    if per is not None:
        return f"the text gives it per {per}, and the question asks for no such rate"
    return None


_EDWARD = (
    "When finally Edward the Confessor returned from his father's refuge in 1041, at the "
    "invitation of his half-brother Harthacnut, he brought with him a Norman-educated mind."
)
_JOBLESS = (
    "The unemployment rate fell to 5.8% in March.\n\nMen and young people\n"
    "The unemployment rate for men was 5.5%."
)


@rule(
    "S209", "missing-relation", "place", ["place.missing_relation"],
    examples=[
        Example(_EDWARD, "When did Edward the Confessor's son return from his father's refuge?",
                "1041"),
        Example(_EDWARD, "When did Edward the Confessor return from his father's refuge?",
                "1041", refused=False),
        # A group the question counts among is a relation too.
        Example(_JOBLESS, "What was the unemployment rate for women?", "5.8%"),
        Example(_JOBLESS, "What was the unemployment rate for men?", "5.5%", refused=False),
    ],
)  # fmt: skip
def missing_relation(facts: Facts) -> str | None:
    """The question asks about a relative ('his son') or a group ('for women'), and the
    sentence tells of none.

    Neither the figure's sentence nor the one before mentions one: the text tells of someone
    else, or of everyone."""
    place = _in_text(facts)
    relative = place and relations.missing_relation(facts.question, place.told)
    if relative is not None:
        return f"the question asks about {relative!r}, and that sentence tells of none"
    return None


_RHINE = "Between Emmérich and Cleves the Rhine is 400 m wide."


_RELEASE = (
    "BERGEN, 24 October 2024 -- Halvorsen Marine Systems ASA today reported its results.\n\n"
    "(in millions) | Q3 2024 | Q3 2023\nRevenue | 1,204.5 | 1,087.2\n\n"
    "The company raised its guidance for the year."
)


@rule(
    "S210", "missing-names", "place", ["place.missing_names"],
    examples=[
        Example(_RHINE, "How wide is the Rhine between Emmrich and Hamburg?", "400 m"),
        Example(_RHINE, "How wide is the Rhine between Emmerich and Cleves?", "400 m",
                refused=False),
        # The name the text opens with is its subject, however it goes on to call it.
        Example("Lumen Foods is a maker of frozen meals. It sold 120,000 bowls in 2023. "
                "In 2022 the company opened a plant in Porto.",
                "When did Lumen Foods open its plant in Porto?", "2022", refused=False),
        # A press release names its company once, then calls it "the company".
        Example(_RELEASE, "How much revenue did Halvorsen Marine Systems report in Q3 2024?",
                "1,204.5", refused=False),
        Example(_RELEASE.replace("The company", "Solberg"),
                "How much revenue did Halvorsen Marine Systems report in Q3 2024?", "1,204.5"),
        # A one-letter name is a name: "Y genomes" are not the genomes of another people.
        Example("In 2009 a study of Kaliningrad genomes was published. A study of Y genomes "
                "followed in 2011.", "When was the study of Y genomes published?", "2009"),
        Example("In 2009 a study of Kaliningrad genomes was published. A study of Y genomes "
                "followed in 2011.", "When was the study of Y genomes published?", "2011",
                refused=False),
    ],
)  # fmt: skip
def missing_names(facts: Facts) -> str | None:
    """A name of the question is neither in the figure's sentence nor next to it."""
    place = facts.place
    if place.missing_names:
        return f"the question's names ({', '.join(place.missing_names)}) are not there"
    return None


_SPAIN = "Spain joined the union in 1986 after long talks."
_GRILL = "My family has used the grill for 10 years and I never thought we would replace it."


@rule(
    "S211", "polarity", "place", ["place.polarity_agrees", "question.negated"],
    examples=[
        Example(_SPAIN, "What year did Spain refuse to join the union?", "1986"),
        Example(_SPAIN, "What year did Spain join the union?", "1986", refused=False),
        # A denial in the clause joined to the figure's is not the figure's.
        Example(_GRILL, "How long has the family used the grill?", "10 years", refused=False),
        Example("We have not used the grill for 10 years, and it still works.",
                "How long has the family used the grill?", "10 years"),
    ],
)  # fmt: skip
def polarity(facts: Facts) -> str | None:
    """The question is negated and the figure's clause is not, or the other way round.

    The clause ends at a word that joins another ("and I never thought")."""
    place = _in_text(facts)
    if place is not None and negates(place.text, *place.conjunct) != facts.question.negated:
        side = "is negated" if facts.question.negated else "is not negated"
        return f"the question {side} and that sentence is the opposite"
    return None


_CENTER = "The most recent center opened in Hong Kong in 2015."
_MIDWAY = "The north-south midway point lies 22 miles north of Harlow."


_SEASONS = (
    "The winter season runs from 6 December 2025 to 12 April 2026, and in summer the cable car "
    "operates daily from June 14 to October 19."
)


@rule(
    "S212", "opposite-word", "place", ["place.opposite"],
    examples=[
        Example(_CENTER, "In what year did the oldest center open in Hong Kong?", "2015"),
        Example(_CENTER, "In what year did the most recent center open in Hong Kong?", "2015",
                refused=False),
        # The figure's own clause says the opposite: the sentence before saying the
        # question's word does not make up for it.
        Example("The oldest center opened in Lyon in 1990. The most recent center opened in "
                "Hong Kong in 2015.", "In what year did the oldest center open?", "2015"),
        Example("The oldest center opened in Lyon in 1990. The most recent center opened in "
                "Hong Kong in 2015.", "In what year did the oldest center open?", "1990",
                refused=False),
        # A period is no other: the monthly fee does not give the annual one.
        Example("The typical monthly fee for a private school is 750 euros.",
                "What is the typical annual fee for a private school?", "750 euros"),
        Example("The typical annual fee for a private school is 7,500 euros, or 750 monthly.",
                "What is the typical annual fee for a private school?", "7,500 euros",
                refused=False),
        Example("Women in the regiment numbered 40.", "How many men were in the regiment?",
                "40"),
        # The opposite in the question's word's place: the sentence's other "south" is not
        # beside the question's words.
        Example(_MIDWAY, "How many miles south of Harlow is the north-south midway point?",
                "22"),
        Example(_MIDWAY, "How many miles north of Harlow is the north-south midway point?",
                "22", refused=False),
        # Seasons are alternatives as opposites are.
        Example(_SEASONS, "On what date does the winter season end?", "12 April 2026",
                refused=False),
        Example(_SEASONS, "On what date does the summer season end?", "12 April 2026"),
    ],
)  # fmt: skip
def opposite_word(facts: Facts) -> str | None:
    """The sentence says the opposite of a word of the question ('under' for 'over').

    The figure's sentence, or the one before, says it instead ("under the age of 18" against
    "over the age of 18"). Where the figure's own clause says the opposite, the sentence
    before saying the question's word does not make up for it ("Skylab's first crew ... in
    1985" after "Skylab's last crew departed"), nor does the sentence writing the question's
    word elsewhere, where it puts the opposite in that word's place ("miles north of San
    Jose is the north - south midway point" for "miles south of San Jose")."""
    place = _in_text(facts)
    opposite = place and (
        relations.opposite(facts.question, set(place.told_in_clause))
        or relations.opposite(facts.question, set(place.told))
        or relations.opposite_in_slot(facts.question, place.sentence_text)
    )
    if opposite is not None:
        asked, said = opposite
        return f"the question asks {asked!r} and that sentence says {said!r}"
    return None


_FATHER = "After his father's death in 1879, Tesla found a package of letters."


@rule(
    "S213", "missing-predicate", "place", ["place.has_predicate", "question.predicate"],
    examples=[
        Example(_FATHER, "When was Tesla's father born?", "1879"),
        Example(_FATHER, "When did Tesla's father die?", "1879", refused=False),
        # Reporting a figure is no event: the question asks for the revenue.
        Example("In 2023 the revenue of Lumen Foods reached 48.2 million euros.",
                "How much revenue did Lumen Foods report in 2023?", "48.2 million euros",
                refused=False),
        # Nor is holding it: a statement's row writes the item, never a verb.
        Example("Table:\n$ million | 2018 | 2017\nInventories | 4,366 | 4,034\n",
                "How much inventory did the company hold at the end of 2018?", "4,366",
                refused=False),
    ],
)  # fmt: skip
def missing_predicate(facts: Facts) -> str | None:
    """The question's predicate ('founded') is not in the figure's sentence or the one before."""
    place = facts.place
    if not place.has_predicate:
        return f"{facts.question.predicate!r}, what the question asks about, is not there"
    return None


_TUITION = "For the 2012-13 year tuition was $38,000, with a total cost of attendance of $57,000."


@rule(
    "S214", "not-a-total", "place", ["place.totals"],
    examples=[
        Example(_TUITION, "What is the total cost of attendance in 2012-13?", "$38,000"),
        Example(_TUITION, "What is the total cost of attendance in 2012-13?", "$57,000",
                refused=False),
    ],
)  # fmt: skip
def not_a_total(facts: Facts) -> str | None:
    """The question asks for a total, and the source does not give the figure as one."""
    place = facts.place
    if not place.totals:
        return "the question asks for a total and the source does not give this figure as one"
    return None


_MERGER = (
    "Pellucid grew its revenue by 18% in fiscal 2023. On a pro forma basis, the combined "
    "company generated revenue of $3.1 billion in fiscal year 2023."
)
_COMBINED = re.compile(r"\bcombined\b", re.IGNORECASE)


@rule(
    "S229", "combined", "place", ["place.clause", "question.names", "question.total"],
    examples=[
        Example(_MERGER, "What was Pellucid's revenue in fiscal 2023?", "$3.1 billion"),
        Example(_MERGER, "What was the combined company's revenue in fiscal 2023?",
                "$3.1 billion", refused=False),
        Example("The five counties are combined to make up the Greater Los Angeles Area with "
                "over 17.5 million people.", "How many people does the Greater Los Angeles "
                "Area have?", "17.5 million", refused=False),
    ],
)  # fmt: skip
def combined(facts: Facts) -> str | None:
    """The question asks about a name the figure's clause does not write, and the clause
    gives the figure for several combined ("the combined company generated revenue of $3.1
    billion"); a clause that names what the parts combine to answers for it ("combined to
    make up the Greater Los Angeles Area")."""
    place, question = _in_text(facts), facts.question
    if place is None or not question.names or question.total:
        return None
    said = _COMBINED.search(place.clause_text)
    if said is None or all(has_word(place.told_in_clause, name) for name in question.names):
        return None
    return f"its clause gives it {said.group().lower()}"


_PAST_DUE = (
    "Table:\nDays past due | 1–90 | 91–180 | >360 | Total\n"
    "Total past due | 2,821 | 1,215 | 2,447 | 7,427\n"
)


@rule(
    "S215", "column-of-total-row", "place", ["place.part_of_the_row_total"],
    examples=[
        Example(_PAST_DUE, "What is the total past due?", "2,821"),
        Example(_PAST_DUE, "What is the total past due?", "7,427", refused=False),
    ],
)  # fmt: skip
def column_of_total_row(facts: Facts) -> str | None:
    """The figure is one column of a row with a total, and the question names no column."""
    place = facts.place
    if place.part_of_the_row_total:
        return "it is one column of a row with a total, and the question names no column"
    return None


_EXPENSES = (
    "Table:\n | 2019 | 2018\nImpairment charges | $94.2 | $394.0\n"
    "Other operating expenses | 27.0 | 33.7\nTotal Other operating expenses | $166.3 | $513.3\n"
)


@rule(
    "S216", "sums-asked-row", "place", ["place.sums_the_row_asked"],
    examples=[
        Example(_EXPENSES, "What were the Other operating expenses in 2019?", "$166.3"),
        Example(_EXPENSES, "What were the Other operating expenses in 2019?", "27.0",
                refused=False),
    ],
)  # fmt: skip
def sums_asked_row(facts: Facts) -> str | None:
    """The figure is the 'Total X' row when the question asks for the X row."""
    place = facts.place
    if place.sums_the_row_asked:
        return "it is the total of the row the question asks for"
    return None


_REVENUE = "Table:\n$ million | 2019 | 2018\nRevenue | 532.0 | 470.0\nCosts | 210.0 | 190.0\n"
_SALES = "In 2019, net sales were $5.2 million, up from $4.1 million. In 2018 stores closed."
_STAFF = (
    "During the 1990s, the plant employed 300 people; in 1995 it was sold. In 2010, the "
    "plant employed 500 people. By 2015 it employed 800."
)
_CONTAINERS = (
    "In the fiscal year ended 30 June 2024, the group handled 4.1 million containers, "
    "compared with 3.7 million a year earlier. Operating profit fell to €88 million from "
    "€97 million."
)


_TAX_RATE = "The residential tax rate will rise from $14.82 to $15.21 per $1,000 of value."
_BACKLOG = "The order backlog stood at a record $5.9 billion, up from $5.1 billion."
_CENSUS = "The town's population, 23,400 at the 2020 census, is estimated at 24,150 this year."
_SHELTER = "The centre, reopened on Thursday, housed 640 people on Wednesday night."
_BACKLOG_DATED = (
    "The order backlog stood at $5.9 billion at quarter-end, up from $5.1 billion at the end "
    "of 2023."
)


_OFFERS = (
    "Faculty | Applications 2023 | Applications 2024 | Offer rate 2024\n"
    "Total | 37,340 | 39,445 | 46.6%"
)
_REPORT = (
    "Weather Club - 2023: The Year in Review\n\nRainfall reached 1,046.2 mm. The previous "
    "wettest year was 2000, with 1,002.7 mm. Only 2022 was warmer."
)


_METRO = "Metro punctuality improved to 96.1% from 95.4% last year."
_PINOT = "Pinot Noir fetched $3,400 per tonne (2023: $3,250)."
_PRICES = (
    "Sauvignon Blanc averaged $2,150 per tonne, up from $1,980 last year, while Pinot Noir "
    "fetched $3,400 per tonne."
)
_COMPLAINTS = (
    "Between January 2021 and June 2022, the supplier overcharged its customers. The Office "
    "received 2,318 complaints about the supplier in that period. It was fined in 2023."
)
_MUSEUM = "The museum welcomed 286,450 visitors in 2024, up 14% on the 251,300 recorded before."
_LOANS = "Gross loans to customers of £8.72 billion (30 June 2024: £8.31 billion)."
_YEAR_TO_DATE = "Between January and October 2025 Corvane Air carried 12.9 million passengers."
_IN_OCTOBER = "Corvane Air carried 1,284,600 passengers in October, 7.9% more than a year before."


@rule(
    "S217", "other-time", "place", ["place.other_time"],
    examples=[
        Example(_REVENUE, "What was the revenue in 2019?", "470.0"),
        Example(_REVENUE, "What was the revenue in 2019?", "532.0", refused=False),
        # Asked for last year, this year's figure is not it, nor the one a bracket dates.
        Example(_METRO, "What was metro punctuality last year?", "96.1%"),
        Example(_METRO, "What was metro punctuality last year?", "95.4%", refused=False),
        Example(_PINOT, "What did Pinot Noir fetch per tonne last year?", "$3,400"),
        Example(_PRICES, "What did Pinot Noir fetch per tonne last year?", "$3,400"),
        Example(_PINOT, "What did Pinot Noir fetch per tonne last year?", "$3,250",
                refused=False),
        Example("Last year the Leeds plant built 500 vans, up from 400 in 2022.",
                "How many vans did the Leeds plant build last year?", "500", refused=False),
        # "up 14% on" compares as "from" does; a bracket may write its date day first.
        Example(_MUSEUM, "How many visitors did the museum have the year before?", "286,450"),
        Example(_MUSEUM, "How many visitors did the museum have the year before?", "251,300",
                refused=False),
        Example(_LOANS, "How large was the loan book at the end of June 2024?", "£8.72 billion"),
        # "In that period" is the period the sentence before names.
        Example(_COMPLAINTS, "How many complaints about the supplier did the Office receive in "
                "2023?", "2,318"),
        Example(_COMPLAINTS, "How many complaints about the supplier did the Office receive in "
                "2022?", "2,318", refused=False),
        # Asked for one month, the months up to it are not it.
        Example(_YEAR_TO_DATE, "How many passengers did Corvane Air carry in October 2025?",
                "12.9 million"),
        Example(_YEAR_TO_DATE,
                "How many passengers did Corvane Air carry from January to October 2025?",
                "12.9 million", refused=False),
        Example(_IN_OCTOBER, "How many passengers has Corvane Air carried so far this year?",
                "1,284,600"),
        Example(_IN_OCTOBER, "How many passengers did Corvane Air carry in October?",
                "1,284,600", refused=False),
        # A time phrase opening the sentence dates the clauses after its comma.
        Example(_STAFF, "How many people did the plant employ in 2015?", "500"),
        Example(_STAFF, "How many people did the plant employ in 2015?", "800", refused=False),
        Example(_STAFF, "How many people did the plant employ in 1995?", "300", refused=False),
        # A decade is ten years, not the year it is written with.
        Example(_STAFF, "How many people did the plant employ in 1990?", "300"),
        Example("The state opened 500 schools in the 2000s.",
                "How many schools did the state open in 2000?", "500"),
        # A clause that compares with another time is not the opening phrase's.
        Example(_SALES, "What were the net sales in 2018?", "$5.2 million"),
        Example(_SALES, "What were the net sales in 2018?", "$4.1 million", refused=False),
        # "A year earlier" is the period before the one the sentence reports.
        Example(_CONTAINERS, "How many containers did the group handle a year earlier?",
                "4.1 million"),
        Example(_CONTAINERS, "How many containers did the group handle a year earlier?",
                "3.7 million", refused=False),
        Example(_CONTAINERS, "How many containers did the group handle in fiscal 2024?",
                "3.7 million"),
        Example(_CONTAINERS, "What was operating profit the year before?", "€88 million"),
        Example(_CONTAINERS, "What was operating profit the year before?", "€97 million",
                refused=False),
        Example("The board approved a quarterly dividend of $0.28, up from $0.25.",
                "What was the previous quarterly dividend?", "$0.28"),
        # Where a change starts is the level before it.
        Example(_TAX_RATE, "What will the new residential tax rate be?", "$14.82"),
        Example(_TAX_RATE, "What will the new residential tax rate be?", "$15.21",
                refused=False),
        Example(_TAX_RATE, "What was the residential tax rate before the rise?", "$14.82",
                refused=False),
        Example(_BACKLOG, "How big was the order backlog?", "$5.1 billion"),
        Example(_BACKLOG, "How big was the order backlog?", "$5.9 billion", refused=False),
        # A day of the week, or a month, is a time as a year is.
        Example(_SHELTER, "How many people stayed at the centre on Thursday night?", "640"),
        Example(_SHELTER, "How many people stayed at the centre on Wednesday night?", "640",
                refused=False),
        # Asked about this year, a figure dated to another is not its.
        Example(_CENSUS, "What is the town's estimated population this year?", "23,400"),
        Example(_CENSUS, "What is the town's estimated population this year?", "24,150",
                refused=False),
        # The year asked dates the figure the sentence compares with.
        Example(_BACKLOG_DATED, "What was the order backlog at the end of 2023?",
                "$5.9 billion"),
        Example(_BACKLOG_DATED, "What was the order backlog at the end of 2023?",
                "$5.1 billion", refused=False),
        # A figure no sentence dates is the period the report's title names.
        Example(_REPORT, "What was the rainfall in 2022?", "1,046.2 mm"),
        Example(_REPORT, "What was the rainfall in 2023?", "1,046.2 mm", refused=False),
        Example(_REPORT, "What was the rainfall in 2000?", "1,002.7 mm", refused=False),
        # Asked for the year before, the latest year's column is not it.
        Example(_OFFERS, "What was the offer rate the year before?", "46.6%"),
        Example(_OFFERS, "What was the offer rate in 2024?", "46.6%", refused=False),
    ],
)  # fmt: skip
def other_time(facts: Facts) -> str | None:
    """The text gives the figure for another time than the question asks about."""
    place = facts.place
    if place.other_time is not None:
        return f"the text gives it for {place.other_time}, and the question asks about another time"
    return None


_GENERAL = "In 2017, general and administrative expenses increased $273 million to $4,277 million."
_STORES = "Harbor Foods opened 12 new stores in 2023, bringing its total to 418 stores."
_LATENCY = "p99 latency improved by 22%, from 1,940 ms to 1,513 ms."
_PLANNER = "The new planner runs analytics queries 30% faster."


@rule(
    "S218", "change-for-amount", "place", ["place.stated_as_change", "question.wants_arithmetic"],
    examples=[
        Example(_GENERAL, "How much were the general and administrative expenses in 2017?",
                "$273 million"),
        Example(_GENERAL, "How much were the general and administrative expenses in 2017?",
                "$4,277 million", refused=False),
        # New ones counted are a change too.
        Example(_STORES, "How many stores does Harbor Foods have?", "12"),
        Example(_STORES, "How many stores does Harbor Foods have?", "418", refused=False),
        Example(_STORES, "How many new stores did Harbor Foods open?", "12", refused=False),
        # A change told by another verb, or by a comparative after a percentage.
        Example(_LATENCY, "What is the p99 latency?", "22%"),
        Example(_LATENCY, "What is the p99 latency?", "1,513 ms", refused=False),
        Example(_LATENCY, "By what percentage did p99 latency improve?", "22%", refused=False),
        Example(_PLANNER, "What share of analytics queries does the new planner run?", "30%"),
    ],
)  # fmt: skip
def change_for_amount(facts: Facts) -> str | None:
    """The source gives the figure as a change, and the question asks for an amount.

    "increased $273 million", "a rise of 6%", "12 new stores" answer no question about a
    level."""
    place = _in_text(facts)
    if place is None or measures.asks_change(facts.question):
        return None
    after = place.text[place.end : place.end + 16]
    if measures.as_change(place.words_before, after, unit_of(facts.value) == "%"):
        return "the source gives it as a change, and the question asks for an amount"
    if measures.counts_added(facts.question, place.text[place.end : place.end + 12]):
        return "the source counts new ones, and the question asks how many there are"
    return None


_RECEIVABLE = "What is the average duration of the accounts receivables?"


@rule(
    "S219", "derivation-not-stated", "place", ["place.states_derivation"],
    examples=[
        # Another figure stands between "duration" and this one.
        Example("The average price was $12 and the duration of our receivables 25 days.",
                _RECEIVABLE, "25 days"),
        Example("The average duration of our accounts receivable is approximately 25 days.",
                _RECEIVABLE, "25 days", refused=False),
    ],
)  # fmt: skip
def derivation_not_stated(facts: Facts) -> str | None:
    """The question asks for a computed figure, and the source does not state it there."""
    place = facts.place
    if not place.states_derivation:
        return "the question asks for a computed figure and the source does not state it there"
    return None


_PORTO = (
    "The company opened a plant in Porto on 2 May 2022. The Porto plant employs 85 people, "
    "and the company as a whole employs 310."
)


@rule(
    "S220", "complement-unstated", "place", ["place.complement_unstated"],
    examples=[
        Example(_PORTO, "How many employees work outside the Porto plant?", "85"),
        Example(
            "Of its 310 employees, 225 work outside the Porto plant.",
            "How many employees work outside the Porto plant?", "225", refused=False,
        ),
    ],
)  # fmt: skip
def complement_unstated(facts: Facts) -> str | None:
    """A complement is asked ('outside the plant'), and the figure's sentence states none.

    The figure the sentence gives is then the part the question excludes."""
    place = _in_text(facts)
    if place is None or not facts.question.complement:
        return None
    if not COMPLEMENT.search(place.text, *place.sentence):
        return "the question asks for a complement and that sentence states none"
    return None


_SEATS = "Politically, Victoria has 37 seats in the Australian House of Representatives."


@rule(
    "S221", "other-subject", "place", ["place.other_subject"],
    examples=[
        Example(_SEATS, "How many seats does Australia have in the House of Representatives?",
                "37"),
        Example(_SEATS, "How many seats does Victoria have in the House of Representatives?",
                "37", refused=False),
    ],
)  # fmt: skip
def other_subject(facts: Facts) -> str | None:
    """The sentence gives the question's verb another subject, and the question's after it.

    "Victoria has 37 seats in the Australian House" does not say how many Australia has."""
    place = _in_text(facts)
    other = place and relations.other_subject(facts.question, place.sentence_text)
    if other is not None:
        return f"that sentence says it of {other!r}, not of the question's subject"
    return None


_COLONIES = (
    "At the start of the war, the French North American colonies had a population of roughly "
    "60,000 European settlers, compared with 2 million in the British North American colonies."
)

_FOCUS = (
    "NASA chose lunar orbit rendezvous in 1962. Direct ascent was the primary mission focus at "
    "NASA in 1961. Direct ascent the primary mission focus at Tessaro in 1955."
)


_DETROIT = (
    "In 2009 Detroit's unemployment rate was 27%, when the Detroit News reported layoffs. The "
    "unemployment rate in Orvex in 2009, when the Detroit News reported layoffs, was 16%."
)
_DETROIT_ASKED = (
    "What was the unemployment rate in Detroit in 2009, when the Detroit News reported layoffs?"
)
_SECTION = (
    "The Business section was launched in The Sunday Times in 1964. The Business section "
    "launched in Westbrook in 1976."
)


@rule(
    "S222", "swapped-name", "place", ["place.swapped_name"],
    examples=[
        Example(_FOCUS, "In what year was direct ascent the primary mission focus at NASA?",
                "1955"),
        Example(_FOCUS, "In what year was direct ascent the primary mission focus at NASA?",
                "1961", refused=False),
        # The other name may take an article: "attack the Caldera League".
        Example("Dyrrachium is a port on the Adriatic. In 1185 Dyrrachium fell to the Normans. "
                "The Normans attack the Caldera League in 1179.",
                "When did the Normans attack Dyrrachium?", "1179"),
        # Four function words may stand between the question's words and its name.
        Example("Victoria had 32,463 farms in 2004. Farms are there in Norrland: 64,926.",
                "How many farms are there in Victoria?", "64,926"),
        Example("Victoria had 32,463 farms in 2004. Farms are there in Norrland: 64,926.",
                "How many farms are there in Victoria?", "32,463", refused=False),
        # A web page's footnote mark closes the sentence before: "Tancred" is not this one's.
        Example("Tancred took Jerusalem.[citation needed] Norrland lay siege to Antioch in "
                "1953.", "When did Tancred lay siege to Antioch?", "1953"),
        # A name after initials is a name: "J.I. Larsen" is not "J.I. Pontanus".
        Example("It first appeared in 1631 in a book by J.I. Pontanus. J.I. Larsen was born in "
                "1894.", "In what year was J.I. Pontanus born?", "1894"),
        # A name the question writes twice is swapped once: the other "Detroit" stays.
        Example(_DETROIT, _DETROIT_ASKED, "16%"),
        Example(_DETROIT, _DETROIT_ASKED, "27%", refused=False),
        # The question's article is its name's: "launched in The Sunday Times".
        Example(_SECTION, "In what year was the Business section launched in The Sunday Times?",
                "1976"),
        Example(_SECTION, "In what year was the Business section launched in The Sunday Times?",
                "1964", refused=False),
        # A comparison gives each name its own clause.
        Example(_COLONIES, "How many people were in the French North American colonies?",
                "2 million"),
        Example(_COLONIES, "How many people were in the French North American colonies?",
                "60,000", refused=False),
        # A name across a comma is no comparison.
        Example("Singer argued against the graph at a United States Senate Committee on "
                "Commerce, Science and Transportation hearing on 18 July 2000.",
                "When did Singer argue against the graph at a Senate Committee hearing?",
                "18 July 2000", refused=False),
    ],
)  # fmt: skip
def swapped_name(facts: Facts) -> str | None:
    """The sentence or the figure's clause has another name in the place of the question's.

    "... the primary mission focus at Tessaro in 1955" does not say when it was NASA's, in
    the question's words, nor "compared with 2 million in the British North American
    colonies" how many lived in the French ones."""
    place = _in_text(facts)
    if place is None:
        return None
    other = relations.swapped_name(facts.question, place.sentence_text, place.names_here)
    if other is not None:
        return f"that sentence says it of {other!r}, in the place of the question's name"
    other = relations.swapped_name_in_clause(
        facts.question, place.clause_text, place.beside_clause
    )
    if other is not None:
        return f"the figure's clause says it of {other!r}, in the place of the question's name"
    return None


_APOLLO = (
    "The Apollo 1 cabin fire in January 1967 killed its crew. The Apollo 3 cabin fire occurred "
    "in 1961."
)
_QUAKES = (
    "The 1994 Northridge earthquake was estimated to have cost $20 billion. The 1998 "
    "earthquake estimated to have cost: $30 billion."
)


@rule(
    "S223", "swapped-number", "place", ["place.sentence"],
    examples=[
        Example(_QUAKES, "How much was the 1994 earthquake estimated to have cost?",
                "$30 billion"),
        Example(_QUAKES, "How much was the 1994 earthquake estimated to have cost?",
                "$20 billion", refused=False),
        # Any number the question writes, not only a year.
        Example(_APOLLO, "In what year did the Apollo 1 cabin fire occur?", "1961"),
        Example(_APOLLO, "In what year did the Apollo 1 cabin fire occur?", "1967",
                refused=False),
        # Read past the article where the question's words end: "died in the 1998 floods".
        Example("In the 1994 storm 12 people died. People died in the 1998 floods: 30.",
                "How many people died in the 1994 storm?", "30"),
    ],
)  # fmt: skip
def swapped_number(facts: Facts) -> str | None:
    """The sentence has another number in the place of the question's, beside its words.

    "The 1998 earthquake estimated to have cost" does not say what the 1994 one cost, nor
    "the Apollo 3 cabin fire" when the Apollo 1 fire was."""
    place = _in_text(facts)
    other = place and relations.swapped_number(facts.question, place.sentence_text)
    if other is not None:
        return f"that sentence says it of {other}, in the place of the question's number"
    return None


_OPENED = "The school was founded in 1861 and opened in 1865, when 40 pupils arrived."


_LANDFALL = (
    "PORT MERROW, 2025-09-11 - Hurricane Odalys made landfall near Port Merrow at 4:40 a.m. "
    "on Tuesday, 9 September 2025."
)


@rule(
    "S224", "dated-otherwise", "place", ["place.sentence", "source.dates"],
    examples=[
        Example(_OPENED, "When did the school open?", "1861"),
        Example(_OPENED, "When did the school open?", "1865", refused=False),
        Example(_OPENED, "When was the school founded?", "1865"),
        Example(_OPENED, "When was the school founded?", "1861", refused=False),
        # A dateline dates the report, unless its sentence says "today".
        Example(_LANDFALL, "On what date did the hurricane make landfall?", "11 September 2025"),
        Example("BERGEN, 24 October 2024 - Halvorsen today reported results for the quarter "
                "ended 30 September 2024.", "When did Halvorsen report its results?",
                "24 October 2024", refused=False),
    ],
)  # fmt: skip
def dated_otherwise(facts: Facts) -> str | None:
    """The sentence gives the question's event another date, and the figure another event.

    "founded in 1861 and opened in 1865" does not say the school opened in 1861."""
    told = facts.place.dated_otherwise
    if told is not None:
        return f"that sentence dates the question's event otherwise ({told!r})"
    return None


_WEIGHTS = "Weight: 17.9 kg (Arlo 7); 19.6 kg (Arlo 7 LR)."
_FEES = "Fees: GBP 24,500 per year (Arts, Business); GBP 46,900 (Medicine)."


@rule(
    "S226", "labelled-other", "place", ["place.sentence", "question.names"],
    examples=[
        Example(_WEIGHTS, "How much does the Arlo 7 LR weigh?", "17.9 kg"),
        Example(_WEIGHTS, "How much does the Arlo 7 LR weigh?", "19.6 kg", refused=False),
        Example(_WEIGHTS, "How much does the Arlo 7 weigh?", "17.9 kg", refused=False),
        Example(_FEES, "What is the fee for Medicine?", "GBP 24,500"),
        Example(_FEES, "What is the fee for Medicine?", "GBP 46,900", refused=False),
    ],
)  # fmt: skip
def labelled_other(facts: Facts) -> str | None:
    """The figure's label in brackets names less of what the question names than another
    figure's label in its sentence ("17.9 kg (Arlo 7); 19.6 kg (Arlo 7 LR)")."""
    if _in_text(facts) is None or not facts.question.names:
        return None
    best, text = facts.best, facts.index.text
    own = relations.label_after(text, best.end)
    if own is None:
        return None
    named = relations.names_labelled(facts.question, own)
    for other in facts.index.figures_beside(best.start, best.end):
        label = relations.label_after(text, other.end)
        if label is not None and relations.names_labelled(facts.question, label) > named:
            return f"it is labelled ({own}), and {other.surface!r} ({label})"
    return None


_RENOVATION = (
    "The most recent renovation, completed in October 2019, cost $38.2 million, well above its "
    "original budget."
)


@rule(
    "S228", "compared-with", "place", ["place.sentence", "question.terms"],
    examples=[
        Example(_RENOVATION, "What was the budget for the 2019 renovation?", "$38.2 million"),
        Example(_RENOVATION, "What did the 2019 renovation cost?", "$38.2 million",
                refused=False),
        Example("The renovation cost $38.2 million, above its budget of $30 million.",
                "What was the budget for the renovation?", "$30 million", refused=False),
    ],
)  # fmt: skip
def compared_with(facts: Facts) -> str | None:
    """The figure's sentence gives what the question asks for only as what the figure is
    compared with ("cost $38.2 million, well above its original budget")."""
    question, place = facts.question, _in_text(facts)
    # What the question asks for is its first word that is no name ("the budget" of "What
    # was the budget for the renovation?").
    asked = next((term for term in question.terms if term not in question.names), None)
    if place is None or asked is None:
        return None
    said = relations.only_compared_with(asked, place.sentence_text)
    return None if said is None else f"it is compared with what the question asks ({said!r})"


_VISITORS = "The zoo welcomed 1,238,400 visitors in 2023, against a visitor target of 1.2 million."
_IMPACT = "Area | Target 2024/25 | Achieved 2024/25\nSchools in the programme | 300 | 284"
_OUTLOOK = "Corvane Air continues to expect to carry approximately 15.3 million passengers in 2025."
_SPENDING = (
    "Our budget for operating expenditure was £1.09 billion; actual spending came to "
    "£1.134 billion."
)


@rule(
    "S231", "plan-or-outcome", "place", ["place.sentence", "question.text"],
    examples=[
        Example(_VISITORS, "How many visitors did the zoo welcome?", "1.2 million"),
        # A table's column may be headed as the plan.
        Example(_IMPACT, "How many schools actually took part in the programme?", "300"),
        Example(_IMPACT, "How many schools actually took part in the programme?", "284",
                refused=False),
        Example(_VISITORS, "How many visitors did the zoo welcome?", "1,238,400", refused=False),
        Example(_VISITORS, "What was the visitor target?", "1,238,400"),
        Example(_VISITORS, "What was the visitor target?", "1.2 million", refused=False),
        Example(_SPENDING, "What was actual operating expenditure, as opposed to the budget?",
                "£1.09 billion"),
        Example(_SPENDING, "What was actual operating expenditure, as opposed to the budget?",
                "£1.134 billion", refused=False),
        Example("The bridge is scheduled to open by June 2026.", "When will the bridge open?",
                "June 2026", refused=False),
        Example("The council adopted the budget on 11 June 2024.",
                "When did the council adopt the budget?", "11 June 2024", refused=False),
        # A verb plans a figure too; a question about what lies ahead asks for it.
        Example(_OUTLOOK, "How many passengers did Corvane Air carry in 2025?", "15.3 million"),
        Example(_OUTLOOK, "How many passengers will Corvane Air carry in 2025?", "15.3 million",
                refused=False),
    ],
)  # fmt: skip
def plan_or_outcome(facts: Facts) -> str | None:
    """The text gives the figure as a plan (a target, a budget, a forecast) and the question
    asks what came about, or the other way round."""
    return facts.place.plan_mismatch


_LOOKOUT = (
    "The fire was first reported by a lookout tower on Carrow Ridge, roughly 11 kilometres "
    "west of the Linden Falls town centre, near Ashby Cross."
)


@rule(
    "S232", "distance-from-elsewhere", "place", ["question.text", "place.after"],
    examples=[
        Example(_LOOKOUT, "How far is Carrow Ridge from Ashby Cross?", "11 km"),
        Example(_LOOKOUT, "How far is Carrow Ridge from Linden Falls?", "11 km", refused=False),
    ],
)  # fmt: skip
def distance_from_elsewhere(facts: Facts) -> str | None:
    """The question asks a distance from one place, and the text measures the figure from
    another ("11 kilometres west of the Linden Falls town centre")."""
    place = _in_text(facts)
    if place is None:
        return None
    after = place.text[place.end : place.end + 80]
    origin = measures.measured_from_elsewhere(facts.question, after)
    return None if origin is None else f"the text measures it from {origin}"


_GUIDANCE = "The company expects net sales of $2.3 billion to $2.35 billion in 2024."
_ARLO = "Range: 45-110 km (Arlo 7); 60-145 km (Arlo 7 LR), depending on the assist level."
_ASKS_AN_END = re.compile(
    r"\b(?:at (?:most|least)|up to|maximum|minimum|high(?:er)? end|low(?:er)? end|upper|lower"
    r"|range|between)\b",
    re.IGNORECASE,
)
# Which end a question asks for, where it says: "the maximum range" is the range's top.
_ASKS_THE_TOP = re.compile(r"\b(?:at most|up to|maximum|high(?:er)? end|upper end)\b", re.I)
_ASKS_THE_BOTTOM = re.compile(r"\b(?:at least|minimum|low(?:er)? end)\b", re.I)


@rule(
    "S227", "range-end", "place", ["place.sentence", "question.text"],
    examples=[
        Example(_GUIDANCE, "What net sales does the company expect in 2024?", "$2.35 billion"),
        Example(_GUIDANCE, "What is the upper end of the net sales the company expects?",
                "$2.35 billion", refused=False),
        Example("Net sales rose 12% to $2.1 billion.", "What were net sales?", "$2.1 billion",
                refused=False),
        # A range writes its unit once, and the question asks for its top.
        Example(_ARLO, "What is the maximum range of the Arlo 7 LR?", "60 km"),
        Example(_ARLO, "What is the maximum range of the Arlo 7 LR?", "145 km", refused=False),
        Example(_ARLO, "What is the minimum range of the Arlo 7 LR?", "60 km", refused=False),
    ],
)  # fmt: skip
def range_end(facts: Facts) -> str | None:
    """The figure is one end of a range ("$2.3 billion to $2.35 billion"), and the question
    asks for no end of it, or for the other ("the maximum" of "60-145 km" is not 60)."""
    place = _in_text(facts)
    if place is None or facts.kind != "number":
        return None  # a span of years is S203's
    asked = facts.question.text
    top = _ASKS_THE_TOP.search(asked) is not None
    bottom = _ASKS_THE_BOTTOM.search(asked) is not None
    if top == bottom and _ASKS_AN_END.search(asked):
        return None  # "What range ...", "between": either end may be meant
    if top == bottom:
        for sample in facts.candidate.samples:
            if any(measures.joined(sample.text, find_values(sample.text))):
                return None  # the model answered with the range ("10 to 15"): its first end
    best, text = facts.best, facts.index.text
    for first, last in measures.joined(text, facts.index.figures_beside(best.start, best.end)):
        if best not in (first, last):
            continue
        before = facts.index.place(facts.question, first.start, first.end).words_before
        if before[-1:] == ["from"] or measures.as_change(before):
            continue  # "from 3 to 5", "increased $273 million to $4,277 million": a change
        written = text[first.start : last.end]
        if top == bottom:
            return f"it is one end of the range {written!r}"
        if (best is last) != top:
            return f"it is the {'bottom' if top else 'top'} of the range {written!r}"
    return None


def _in_text(facts: Facts) -> TextPlace | None:
    """The best place when it is a figure in the text; a table cell has no sentence."""
    place = facts.place
    return place if isinstance(place, TextPlace) else None


_MEETING = "Attendance at the 2003 meeting included 350 government officials and climate experts."


@rule(
    "S230", "low-relevance", "place", ["place.score", "--min-relevance"],
    examples=[
        # With the default --min-relevance: "5th" stands nowhere near the year.
        Example(_MEETING, "What year did the 5th meeting take place?", "2003"),
        Example(_MEETING, "In what year did 350 officials attend the meeting?", "2003",
                refused=False),
    ],
)  # fmt: skip
def low_relevance(facts: Facts) -> Outcome:
    """The best place scores under --min-relevance: the question's words stand far from it."""
    threshold = float(facts.options.min_relevance)
    if facts.place.score < threshold:
        # Two decimals would show 0.398 as "0.40, under 0.40".
        digits = 2 if f"{facts.place.score:.2f}" != f"{threshold:.2f}" else 3
        return facts.at_best(f"{facts.found_at(digits)}, under {threshold:.{digits}f}")
    return None

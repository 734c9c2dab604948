"""The units we recognise: currencies, percent, and a closed vocabulary of measurements.

The vocabulary is deliberately closed. A counted noun we do not know ("312 people",
"16,000 species") leaves the unit ``None``, and a missing unit agrees with any unit
in ``same_value``; so "312 visitors" and "312 people" still compare as 312 instead of
being kept apart by an open-ended noun.
"""

from __future__ import annotations

import re

from verify_ask.text.vocabulary import CURRENCY_SYMBOLS

# Spaces that may sit between a number and its unit; never a newline, so a table
# row's figure does not grab a word from the next line.
SP = r"[ \t\u00a0\u202f]"

# ISO codes, written before ("USD 5") or after ("5 USD") the number, upper case only.
CURRENCY_CODES: dict[str, str] = {
    code: code
    for code in (
        "USD EUR GBP JPY CNY INR CHF CAD AUD HKD NZD SGD KRW SEK NOK DKK RUB BRL ZAR MXN"
    ).split()
}
CURRENCY_CODES["RMB"] = "CNY"

# Currency words written after the number ("48.2 million euros"); keys are lower case.
CURRENCY_WORDS: dict[str, str] = {
    "dollar": "USD",
    "dollars": "USD",
    "us dollar": "USD",
    "us dollars": "USD",
    "u.s. dollars": "USD",
    "american dollars": "USD",
    "canadian dollars": "CAD",
    "canadian dollar": "CAD",
    "australian dollars": "AUD",
    "australian dollar": "AUD",
    "hong kong dollars": "HKD",
    "new zealand dollars": "NZD",
    "singapore dollars": "SGD",
    "euro": "EUR",
    "euros": "EUR",
    "pound": "GBP",
    "pounds": "GBP",
    "pound sterling": "GBP",
    "pounds sterling": "GBP",
    "sterling": "GBP",
    "yen": "JPY",
    "yuan": "CNY",
    "renminbi": "CNY",
    "rupee": "INR",
    "rupees": "INR",
    "swiss franc": "CHF",
    "swiss francs": "CHF",
}

# What each measurement unit measures: a question that names a measure ("the hottest
# temperature") is answered in a unit of its dimension.
DIMENSION_OF: dict[str, str] = {
    unit: dimension
    for dimension, units in (
        ("length", "km m cm mm mi ft inch yd"),
        ("area", "km2 mi2 m2 ft2 ha acre"),
        ("volume", "m3 ft3 l ml gallon"),
        ("flow", "m3/s ft3/s"),
        ("speed", "km/h mph"),
        ("mass", "kg g mg tonne lb"),
        ("time", "second minute hour day week month year decade century"),
        ("temperature", "°c °f degree"),
        ("power", "watt kw mw gw"),
        ("energy", "wh kwh mwh gwh twh"),
        ("charge", "mah"),
        ("sound", "db"),
        ("data", "mb gb tb"),
    )
    for unit in units.split()
}

PERCENT_WORDS = ("percent", "per cent", "pct", "percentage points", "percentage point")

# Measurement units: canonical token -> the surfaces that name it (matched case-insensitively,
# with any run of spaces where the surface has one).
_UNIT_SURFACES: dict[str, tuple[str, ...]] = {
    "km2": (
        "square kilometres",
        "square kilometers",
        "square kilometre",
        "square kilometer",
        "square km",
        "sq km",
        "sq. km",
        "sq.km",
        "km2",
        "km²",
        "km^2",
    ),
    "mi2": (
        "square miles",
        "square mile",
        "sq mi",
        "sq. mi",
        "sq.mi",
        "sq miles",
        "sq. miles",
        "mi2",
        "mi²",
    ),
    "m2": ("square metres", "square meters", "square metre", "square meter", "sq m", "m2", "m²"),
    "ft2": ("square feet", "square foot", "sq ft", "sq. ft", "ft2", "ft²"),
    # A flow or a volume is no length: "4,274 m3/s" must never find "4,274 m".
    "m3/s": ("cubic metres per second", "cubic meters per second", "m3/s", "m³/s", "cumecs"),
    "ft3/s": ("cubic feet per second", "cu ft/s", "cu. ft/s", "ft3/s", "ft³/s", "cfs"),
    "m3": ("cubic metres", "cubic meters", "cubic metre", "cubic meter", "m3", "m³"),
    "ft3": ("cubic feet", "cubic foot", "cu ft", "cu. ft", "ft3", "ft³"),
    "ha": ("hectares", "hectare", "ha"),
    "acre": ("acres", "acre"),
    "km/h": ("kilometres per hour", "kilometers per hour", "km/h", "kph", "kmh"),
    "mph": ("miles per hour", "mph"),
    "km": ("kilometres", "kilometers", "kilometre", "kilometer", "km"),
    "m": ("metres", "meters", "metre", "meter", "m"),
    "cm": ("centimetres", "centimeters", "centimetre", "centimeter", "cm"),
    "mm": ("millimetres", "millimeters", "millimetre", "millimeter", "mm"),
    "mi": ("miles", "mile", "mi"),
    "ft": ("feet", "foot", "ft"),
    "inch": ("inches", "inch"),
    "yd": ("yards", "yard", "yd"),
    "kg": ("kilograms", "kilogrammes", "kilogram", "kilogramme", "kgs", "kg"),
    "g": ("grams", "grammes", "gram", "gramme", "g"),
    "mg": ("milligrams", "milligram", "mg"),
    "tonne": ("metric tonnes", "metric tons", "tonnes", "tonne", "tons", "ton"),
    "lb": ("lbs", "lb"),
    "l": ("litres", "liters", "litre", "liter"),
    "ml": ("millilitres", "milliliters", "millilitre", "milliliter", "ml"),
    "gallon": ("gallons", "gallon"),
    "second": ("seconds", "second", "secs", "sec"),
    "minute": ("minutes", "minute", "mins", "min"),
    "hour": ("hours", "hour", "hrs", "hr", "h"),
    "day": ("days", "day"),
    "week": ("weeks", "week"),
    "month": ("months", "month"),
    "year": ("years", "year", "yrs", "yr"),
    "decade": ("decades", "decade"),
    "century": ("centuries", "century"),
    "°c": (
        "degrees celsius",
        "degree celsius",
        "degrees centigrade",
        "degrees c",
        "°c",
        "° c",
        "ºc",
    ),
    "°f": ("degrees fahrenheit", "degree fahrenheit", "degrees f", "°f", "° f", "ºf"),
    "degree": ("degrees", "degree", "°"),
    "watt": ("watts", "watt"),  # a bare "W" is too often a letter ("I-95 W", "w/")
    **{
        f"{prefix[0]}w": (f"{prefix}watts", f"{prefix}watt", f"{prefix[0]}w")
        for prefix in ("kilo", "mega", "giga")
    },
    **{
        f"{prefix[:1]}wh": (f"{prefix}watt hours", f"{prefix}watt-hours", f"{prefix[:1]}wh")
        for prefix in ("", "kilo", "mega", "giga", "tera")
    },
    "mah": ("milliamp hours", "milliamp-hours", "mah"),
    "db": ("decibels", "decibel", "db"),
    "mb": ("megabytes", "megabyte", "mb"),
    "gb": ("gigabytes", "gigabyte", "gb"),
    "tb": ("terabytes", "terabyte", "tb"),
}

CANONICAL_UNITS: frozenset[str] = frozenset(_UNIT_SURFACES)


def _key(surface: str) -> str:
    return " ".join(surface.lower().split())


_UNIT_BY_KEY: dict[str, str] = {
    _key(surface): unit for unit, surfaces in _UNIT_SURFACES.items() for surface in surfaces
}
# Every canonical token is also a surface, so a value's display() reads back.
for _unit in _UNIT_SURFACES:
    _UNIT_BY_KEY.setdefault(_key(_unit), _unit)


def _alternation(surfaces: list[str]) -> str:
    ordered = sorted(set(surfaces), key=len, reverse=True)
    return "|".join(re.escape(s).replace(r"\ ", SP + "+") for s in ordered)


# Anchored suffix patterns, tried at the end of a numeral.
PERCENT_RE = re.compile(rf"{SP}?%|{SP}+(?i:{_alternation(list(PERCENT_WORDS))})(?![A-Za-z])")
CURRENCY_SUFFIX_RE = re.compile(
    rf"{SP}?(?:{_alternation(list(CURRENCY_CODES))})(?![A-Za-z])"
    rf"|{SP}+(?i:{_alternation(list(CURRENCY_WORDS))})(?![A-Za-z])"
)
UNIT_RE = re.compile(rf"{SP}?(?i:{_alternation(list(_UNIT_BY_KEY))})(?![A-Za-z0-9²])")
# Prefix pattern (symbols and codes) for use inside a larger regex.
CURRENCY_PREFIX = (
    rf"(?:{_alternation(list(CURRENCY_SYMBOLS))}){SP}?"
    rf"|(?:{_alternation(list(CURRENCY_CODES))}){SP}?"
)


def currency_code(surface: str) -> str | None:
    """ISO code for a currency symbol, code or word as written ("€", "USD", "euros")."""
    stripped = surface.strip()
    if stripped in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[stripped]
    if stripped in CURRENCY_CODES:
        return CURRENCY_CODES[stripped]
    return CURRENCY_WORDS.get(_key(stripped))


def unit_token(surface: str) -> str | None:
    """Canonical unit for a surface from the vocabulary ("square kilometres" -> "km2")."""
    return _UNIT_BY_KEY.get(_key(surface))

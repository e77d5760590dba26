"""Typed, immutable game facts as loaded from card_db/.

Everything here is a frozen dataclass or an enum, so the engine can hash and
share these objects freely. Mappings are stored as sorted tuples of pairs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Game(str, Enum):
    SEVEN_WONDERS = "seven_wonders"
    DUEL = "duel"
    ARCHITECTS = "architects"

    @property
    def contract_name(self) -> str:
        """The game's name in the JSON contract (`7wonders`, `duel`, `architects`)."""
        return "7wonders" if self is Game.SEVEN_WONDERS else self.value

    @classmethod
    def from_contract(cls, name) -> "Game | None":
        """The game the JSON contract names exactly ("7wonders", "duel"); None for anything else."""
        return next((g for g in cls if g.contract_name == name), None) if isinstance(name, str) else None

    @classmethod
    def parse(cls, text: str) -> "Game":
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        aliases = {"7wonders": cls.SEVEN_WONDERS, "7_wonders": cls.SEVEN_WONDERS,
                   "seven_wonders": cls.SEVEN_WONDERS, "base": cls.SEVEN_WONDERS,
                   "duel": cls.DUEL, "7wonders_duel": cls.DUEL, "7_wonders_duel": cls.DUEL,
                   "architects": cls.ARCHITECTS, "7wonders_architects": cls.ARCHITECTS,
                   "7_wonders_architects": cls.ARCHITECTS}
        if key not in aliases:
            raise ValueError(f'unknown game "{text}" (expected 7wonders, duel or architects)')
        return aliases[key]


class Colour(str, Enum):
    BROWN = "brown"
    GREY = "grey"
    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"
    GREEN = "green"
    PURPLE = "purple"
    WHITE = "white"      # 7 Wonders Leaders: a leader
    BLACK = "black"      # 7 Wonders Cities: a city card


# The colours an Age card comes in (a leader, white, is recruited, not dealt in an Age)
AGE_COLOURS = tuple(c for c in Colour if c is not Colour.WHITE)


class Resource(str, Enum):
    WOOD = "wood"
    STONE = "stone"
    CLAY = "clay"
    ORE = "ore"
    GLASS = "glass"
    TEXTILE = "textile"
    PAPYRUS = "papyrus"

    @property
    def is_raw(self) -> bool:
        return self in RAW_RESOURCES


RAW_RESOURCES = frozenset({Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE})
MANUFACTURED_RESOURCES = frozenset({Resource.GLASS, Resource.TEXTILE, Resource.PAPYRUS})

SEVEN_WONDERS_SCIENCE = ("tablet", "compass", "gear")
DUEL_SCIENCE = ("globe", "wheel", "sundial", "mortar", "plumb", "quill", "law")

LANGUAGES = ("en", "fr", "de", "es", "it", "pt", "ro")


@dataclass(frozen=True)
class Cost:
    coins: int = 0
    resources: tuple[tuple[Resource, int], ...] = ()

    @property
    def is_free(self) -> bool:
        return self.coins == 0 and not self.resources

    def resource_count(self, resource: Resource) -> int:
        return dict(self.resources).get(resource, 0)

    def as_json(self) -> dict:
        return {"coins": self.coins, "resources": {r.value: n for r, n in self.resources}}


@dataclass(frozen=True)
class Effect:
    """One effect in the small vocabulary of card_db/SCHEMA.md.

    Only the fields its kind uses are set; the validator guarantees which.
    """
    kind: str
    amount: int | None = None
    resources: tuple[tuple[Resource, int], ...] = ()
    options: tuple[Resource, ...] = ()
    tradable: bool | None = None
    symbol: str | None = None
    counts: tuple[str, ...] = ()
    whose: tuple[str, ...] = ()
    per: int = 1
    sides: tuple[str, ...] = ()
    price: int | None = None
    colour: Colour | None = None
    draw: int | None = None
    applies_to: str | None = None
    colours: tuple[Colour, ...] = ()       # expansions: the colours an effect may take or count
    scale: tuple[int, ...] = ()            # points_by_count: the points for 1, 2, 3... counted things
    when: str | None = None                # expansions: "drafted" or "revealed" when not on being built
    stage: int | None = None               # copy_neighbour_stage: the number of the stage copied (Manneken Pis)

    def as_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for name in ("amount", "tradable", "symbol", "price", "draw", "applies_to", "when", "stage"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.resources:
            out["resources"] = {r.value: n for r, n in self.resources}
        if self.options:
            out["options"] = [r.value for r in self.options]
        if self.counts:
            out["counts"] = list(self.counts)
        if self.whose:
            out["whose"] = list(self.whose)
        if self.per != 1:
            out["per"] = self.per
        if self.sides:
            out["sides"] = list(self.sides)
        if self.colour is not None:
            out["colour"] = self.colour.value
        if self.colours:
            out["colours"] = [c.value for c in self.colours]
        if self.scale:
            out["scale"] = list(self.scale)
        return out


@dataclass(frozen=True)
class LocalName:
    """A printed name in one language; `editions` empty means every edition (and the Duel)."""
    lang: str
    name: str
    aliases: tuple[str, ...] = ()
    source: str = "general"
    editions: tuple[int, ...] = ()
    # The English name kept in this language's file, none printed in it being known (its doubt begins
    # "English:", as card_db/names/architects/ has them): a page marks it English, as a name not given.
    english: bool = False

    def holds_for(self, edition: int | None) -> bool:
        return not self.editions or edition is None or edition in self.editions


@dataclass(frozen=True)
class Entity:
    """What every named thing shares: cards, guilds, wonders, progress tokens."""
    id: str
    game: Game
    edition: int | None
    name: str
    aliases: tuple[str, ...]
    source: str
    names: tuple[LocalName, ...] = ()
    doubt: str | None = None
    notes: str | None = None
    # An expansion's thing: the box it comes in (the contract's name: pantheon, agora,
    # leaders...) and what it is there (the contract's "kind": divinity, temple, senator...).
    # Both None for the base game's cards, wonders and tokens.
    expansion: str | None = None
    piece: str | None = None

    @property
    def listed_kind(self) -> str:
        """The contract's "kind": an expansion's piece, else card, wonder or progress."""
        return self.piece or self.kind

    def local_names(self) -> tuple[LocalName, ...]:
        """The names printed in this entity's edition, one a language.

        `names` holds every edition's names (a card renamed in the 2nd edition
        has two in that language); this keeps the ones of this edition.
        """
        return tuple(local for local in self.names if local.holds_for(self.edition))

    def name_in(self, lang: str) -> str:
        if lang == "en":
            return self.name
        for local in self.local_names():
            if local.lang == lang:
                return local.name
        return self.name

    def short_name_in(self, lang: str) -> str:
        """The name a player calls it by, where the printed one holds it: a wonder's city ("Babilonia" for
        "Los Jardines Colgantes de Babilonia"), one of its aliases found in its name; else its name. A
        menu shows one line, and a wonder's full name did not fit on a phone."""
        local = next((local for local in self.local_names() if local.lang == lang), None)
        name, aliases = (local.name, local.aliases) if local and lang != "en" else (self.name, self.aliases)
        folded = name.casefold()
        inside = [alias for alias in aliases if len(alias) < len(name) and alias.casefold() in folded]
        # Of two aliases in the name, the one it ends with: its city.
        return min(inside, key=lambda alias: (not folded.endswith(alias.casefold()), len(alias)), default=name)

    def names_by_lang(self) -> dict[str, str]:
        out = {"en": self.name}
        out.update((local.lang, local.name) for local in self.local_names())
        return out

    def all_names(self) -> list[tuple[str, str]]:
        """Every printed name with its language, aliases and other editions' names included."""
        return [(lang, name) for lang, name, _ in self.all_names_ranked()]

    def all_names_ranked(self) -> list[tuple[str, str, bool]]:
        """Every printed name with its language and whether it is printed in this edition."""
        out = [("en", self.name, True)] + [("en", a, True) for a in self.aliases]
        for local in self.names:
            own = local.holds_for(self.edition)
            out.append((local.lang, local.name, own))
            out.extend((local.lang, a, own) for a in local.aliases)
        return out


@dataclass(frozen=True)
class Card(Entity):
    age: int = 1
    colour: Colour = Colour.BROWN
    counts: tuple[int, ...] = ()
    cost: Cost = field(default_factory=Cost)
    chains_from: tuple[str, ...] = ()
    chains_to: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()

    kind = "card"

    @property
    def is_guild(self) -> bool:
        return self.colour is Colour.PURPLE

    def copies_at(self, players: int) -> int:
        """How many copies enter a base-game deck at this player count."""
        return sum(1 for minimum in self.counts if minimum <= players)


@dataclass(frozen=True)
class WonderStage:
    cost: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class WonderSide:
    side: str
    stages: tuple[WonderStage, ...]
    source: str
    doubt: str | None = None
    effects: tuple[Effect, ...] = ()    # the board's own power, printed where a resource is (Rome's leaders)


@dataclass(frozen=True)
class BoardWonder(Entity):
    """A base-game wonder board with its two sides."""
    resource: Resource | None = Resource.WOOD   # None: a box's board that produces nothing (Rome, Manneken Pis)
    start_coins: int = 0                # coins the board adds to a player's own at the start (Manneken Pis)
    sides: tuple[WonderSide, ...] = ()
    stages_any_order: bool = False      # a box's board whose stages are built in any order (the Great Wall)

    kind = "wonder"

    def side(self, name: str) -> WonderSide:
        for side in self.sides:
            if side.side.lower() == name.lower():
                return side
        raise KeyError(name)

    @property
    def burying_stages(self) -> int:
        """The most stages of one side that bury a leader (Abu Simbel's bury_leader): 0 for most boards."""
        return self._most_stages_with("bury_leader")

    @property
    def colour_under_stages(self) -> int:
        """The most stages of one side scoring the colour of the card put under them (Stonehenge B)."""
        return self._most_stages_with("points_per_colour_under")

    def _most_stages_with(self, kind: str) -> int:
        return max(sum(any(e.kind == kind for e in st.effects) for st in s.stages) for s in self.sides)


@dataclass(frozen=True)
class DuelWonder(Entity):
    cost: Cost = field(default_factory=Cost)
    effects: tuple[Effect, ...] = ()

    kind = "wonder"


@dataclass(frozen=True)
class ProgressToken(Entity):
    effects: tuple[Effect, ...] = ()

    kind = "progress"


@dataclass(frozen=True)
class BoxPiece(Entity):
    """An expansion's piece that is no building, wonder or progress token: a divinity, the
    Gate, a mythology or offering token, a senator, a conspiracy, a decree (its `piece`).

    Only the fields its piece uses are set; the loader checks which (loader/expansions.py).
    """
    mythology: str | None = None     # Pantheon: the mythology of a divinity or a token
    copies: int = 1                  # identical pieces in the box (two tokens a mythology)
    cost: Cost = field(default_factory=Cost)
    cost_factor: int = 1             # the Gate: twice the cost of the space it stands on
    effects: tuple[Effect, ...] = ()
    section: str | None = None       # Agora: the Senate section a politician places influence in
    level: int = 0                   # Armada: an island's level; Edifice: an edifice's Age
    value: int = 0                   # Armada: a naval conflict token's points
    penalty: tuple[Effect, ...] = ()  # Edifice: what a player without a pawn suffers when it is not built
    coins_per_held: int = 0          # Agora: a senator's price, in coins for each senator its recruiter has

    kind = "piece"


@dataclass(frozen=True)
class PyramidSlot:
    slot: int
    row: int
    x: int
    face_up: bool
    covered_by: tuple[int, ...]


@dataclass(frozen=True)
class PyramidLayout:
    age: int
    slots: tuple[PyramidSlot, ...]
    source: str

    def initially_accessible(self) -> tuple[int, ...]:
        return tuple(s.slot for s in self.slots if not s.covered_by)


@dataclass(frozen=True)
class MilitaryZone:
    start: int
    end: int
    points: int
    capital: bool = False


@dataclass(frozen=True)
class LootToken:
    at: int          # distance from the centre where the zone it guards starts
    coins: int


@dataclass(frozen=True)
class MilitaryTrack:
    spaces: int
    capital: int
    zones: tuple[MilitaryZone, ...]
    loot: tuple[LootToken, ...]
    source: str

    def points_at(self, distance: int) -> int:
        """Victory points for a pawn `distance` spaces toward the opponent."""
        d = abs(distance)
        for zone in self.zones:
            if zone.start <= d <= zone.end:
                return zone.points
        raise ValueError(f"position {distance} is off the track")


SEVEN_WONDERS_CATEGORIES = ("military", "treasury", "wonder", "civil", "commercial", "guilds", "science")
DUEL_CATEGORIES = ("civil", "science", "commercial", "guilds", "wonders", "progress", "treasury", "military")


@dataclass(frozen=True)
class PadRow:
    key: str          # the contract's category key
    label: str
    colour: str       # the pad's colour, a CSS name in static/css
    min: int
    max: int
    # Every value is a multiple of it: the row counts things worth that many points each (Architects' cat
    # pawn 2, its military victory tokens 3, Medals' medals 4), so 1 cat point or 2 military points is a
    # slip (the count of pawns or tokens typed), and + and − move by it.
    step: int = 1


@dataclass(frozen=True)
class PadLayout:
    """Our printable pad's geometry in millimetres, origin at the page's top-left.

    Four ArUco markers (dictionary 4x4_50) sit in the page's corners; their ids
    (top-left, top-right, bottom-right, bottom-left) name the pad, so a photo
    says which pad it shows and which way up. The grid below the title has a
    label column, then one column a player; its rows are the names row, the
    pad's rows in printed order, then the total row.
    """
    page: tuple[float, float]              # width, height
    markers: tuple[int, int, int, int]
    marker_size: float
    marker_margin: float                   # from the page's edges to a marker
    grid: tuple[float, float]              # the grid's top-left corner
    label_width: float
    column_width: float
    columns: int
    name_height: float
    row_height: float
    total_height: float
    coins_height: float = 0                # a coins-left row under the total (the tie-break); 0: none

    def marker_box(self, corner: int) -> tuple[float, float]:
        """Top-left point of the marker in corner 0..3 (clockwise from top-left)."""
        w, h = self.page
        far_x = w - self.marker_margin - self.marker_size
        far_y = h - self.marker_margin - self.marker_size
        return ((self.marker_margin, self.marker_margin), (far_x, self.marker_margin),
                (far_x, far_y), (self.marker_margin, far_y))[corner]

    def row_edges(self, rows: int) -> list[float]:
        """The y of every horizontal grid line: names, `rows` rows, total, then coins left if printed."""
        y = self.grid[1]
        edges = [y, y + self.name_height]
        for _ in range(rows):
            edges.append(edges[-1] + self.row_height)
        edges.append(edges[-1] + self.total_height)
        if self.coins_height:
            edges.append(edges[-1] + self.coins_height)
        return edges

    def column_edges(self) -> list[float]:
        """The x of every vertical grid line: label column, then each player's."""
        x = self.grid[0]
        return [x] + [x + self.label_width + i * self.column_width for i in range(self.columns + 1)]


@dataclass(frozen=True)
class Pad:
    """A paper score pad: its rows in printed order, one column a player."""
    id: str
    game: Game
    edition: int | None
    players: tuple[int, int]
    rows: tuple[PadRow, ...]
    source: str
    layout: PadLayout | None = None        # our printable pad (companion/scan)

    def row(self, key: str) -> PadRow:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)


RULING_TOPICS = ("trading", "chains", "wonders", "military", "science", "end-of-age", "end-of-game",
                 "two-player", "setup", "turn", "guilds", "progress", "cards")


@dataclass(frozen=True)
class RulingText:
    """A ruling's question, answer and search words in one language."""
    lang: str
    question: str
    answer: str
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ruling:
    """An answer to a question players argue about, in our own words.

    `question`, `answer` and `keywords` are the English text; `texts` holds it
    in every language it is written in (English first), all under one source.
    """
    id: str
    game: Game
    editions: tuple[int, ...]
    topics: tuple[str, ...]
    cards: tuple[str, ...]
    question: str
    answer: str
    keywords: tuple[str, ...]
    source: str
    texts: tuple[RulingText, ...] = ()

    @property
    def languages(self) -> tuple[str, ...]:
        return ("en",) + tuple(t.lang for t in self.texts if t.lang != "en")

    def text(self, lang: str) -> RulingText:
        """The ruling in `lang`, or in English when it is not written in that language."""
        for text in self.texts:
            if text.lang == lang:
                return text
        return RulingText("en", self.question, self.answer, self.keywords)

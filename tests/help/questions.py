"""Questions as players type them, each with the help section that answers it.

(query, answers): an answer is "page/heading", the help page id (`house-000`
for a house rule's document) and the section's heading; where two sections
answer equally well, both are given, separated by " | ". Keyword queries, whole
questions, typos, British and American spellings; base rules, house rules and
the program. Written from what people ask at the table, not from the help text.
"""

QUESTIONS: list[tuple[str, str]] = [
    # -- the issue's own examples
    ("sub vs plane", "combat/Submarines"),
    ("can my sub shoot down a fighter?", "combat/Submarines"),
    ("how many infantry fit on a tranny", "movement/Transports"),
    ("where can my fighter land after attacking", "movement/Landing aircraft"),
    ("AA gun fire in non combat move?", "movement/Antiaircraft fire"),
    # -- keyword queries
    ("blitz", "movement/Blitz"),
    ("tank blitz", "movement/Blitz"),
    ("sbr", "combat/Strategic bombing"),
    ("retreat", "combat/Retreat"),
    ("IC placement limit", "placement/How many a complex may place"),
    ("neutral cost", "movement/Neutral territories"),
    ("canal", "movement/Ships"),
    ("tech chart", "research/Breakthroughs"),
    ("heavy bombers", "research/Heavy Bombers"),
    ("bombard BB", "movement/Amphibious assaults"),
    ("capital captured IPCs", "combat/Capture"),
    ("liberate", "combat/Capture"),
    ("prices", "purchase/Prices"),
    ("turn order", "overview/How a game runs"),
    ("economic victory", "victory/Victory"),
    # -- whole questions
    ("what happens when my capital is taken", "combat/Capture"),
    ("can I load transports in the combat move and unload later", "movement/Loading in the combat move"),
    ("how far can a bomber fly", "movement/Aircraft"),
    ("can planes take a territory", "combat/Capture"),
    ("who picks the casualties", "combat/Casualties"),
    ("can the defender retreat", "combat/Retreat"),
    ("what if both sides die", "combat/End of a battle"),
    ("can i build a new factory", "placement/Building a complex"),
    ("what happens to units I don't place", "placement/Units not placed"),
    ("can fighters land on a carrier", "units/Air"),
    ("does a battleship take two hits", "units/Units"),
    ("how does the armor move through two territories", "movement/Blitz"),
    ("where do new ships go", "placement/Place new units"),
    ("when is victory checked", "victory/Victory"),
    ("how do i win", "victory/Victory"),
    ("can bombers land on carriers", "units/Air | movement/Landing aircraft"),
    ("is there a limit to how many units I can put in a factory", "placement/How many a complex may place"),
    ("do AA guns shoot in battle", "movement/Antiaircraft fire"),
    ("cost of research", "research/Buying research dice"),
    ("can I attack a neutral", "movement/Neutral territories"),
    ("rockets", "research/Rockets"),
    ("what is low luck", "overview/Low Luck"),
    ("can subs submerge", "combat/Submarines"),
    ("can my bombers escape an amphibious assault", "combat/Retreat"),
    # -- typos
    ("figher land on carier", "units/Air"),
    ("stratgic bombing", "combat/Strategic bombing"),
    ("amphibous assault", "movement/Amphibious assaults"),
    ("retreet", "combat/Retreat"),
    # -- British and American spellings
    ("armour move", "movement/Land units"),
    ("armor cost", "purchase/Prices"),
    ("fighter defence with jets", "research/Jet Power"),
    ("fighter defense with jets", "research/Jet Power"),
    # -- house rules
    ("random turn order cup", "house-000/Random turn order"),
    ("two hit battleships", "house-000/Damaged battleships and carriers | units/Units"),
    ("pay to fly over a neutral", "house-000/Bribed overflights"),
    ("gibraltar strait closed", "house-000/Straits"),
    ("soviets cannot attack on the first turn", "house-000/No Soviet attacks on turn 1"),
    ("russian winter", "house-001/Russian winter"),
    # -- the program
    ("undo a move", "keys/Game screen | movement/Moving units on the screen"),
    ("how do I save", "keys/Everywhere"),
    ("real dice", "keys/Table dice"),
    ("edit the board", "keys/Edit mode"),
    ("odds calculator", "combat/The odds calculator"),
    ("what does IC mean on the board", "keys/Reading the board"),
]

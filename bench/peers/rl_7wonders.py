"""Random games of the 7 Wonders engine of the PyPI package 7wonder-rl-lib, run by
bench/peers_bench.py with an interpreter that has it: `python rl_7wonders.py PLAYERS GAMES SEED`
prints JSON.

The package has no entry point for a whole game without its gym wrapper's agents,
so this is the loop of its mainGameEnv/main.py with every player its RandomAI. Many
of its random games stop on an error of its own (a KeyError in its resource search):
they are counted, and their moves up to the error are kept.
"""
import contextlib, io, json, os, random, sys, time
import importlib.util
# The wheel installs a folder SevenWondersEnv whose modules import each other as SevenWonEnv.
sys.path.insert(0, list(importlib.util.find_spec("SevenWondersEnv").submodule_search_locations)[0])
from SevenWonEnv.envs.mainGameEnv import main as game
from SevenWonEnv.envs.mainGameEnv.mainHelper import rotateHand, battle
from SevenWonEnv.envs.mainGameEnv.Personality import RandomAI
os.chdir(os.path.dirname(game.__file__))           # it reads Card/*.json relative to its folder
players, games, seed = (int(a) for a in sys.argv[1:4])
random.seed(seed)

def play():
    cardAge, playerList = game.init(players)
    for p in playerList.values():
        p.assignPersonality(RandomAI)
    global moves
    discarded = []
    for age in range(1, 4):
        cards = cardAge[age - 1]
        random.shuffle(cards)
        hands = [cards[i:i + 7] for i in range(0, len(cards), 7)]
        for i in range(len(hands)):
            if any("freeStructure" in e for e in playerList[i + 1].endAgeEffect):
                playerList[i + 1].freeStructure = True
            playerList[i + 1].assignHand(hands[i])
        for _ in range(6):
            for j in range(len(playerList)):
                card, action = playerList[j + 1].playCard(age)
                moves += 1
                if action == -1:
                    discarded.append(card)
            rotateHand(playerList, age)
            for j in range(len(playerList)):
                p = playerList[j + 1]
                if p.endTurnEffect == "buildDiscarded":
                    card, action = p.playFromEffect(discarded, p.endTurnEffect, age=age)
                    discarded = [d for d in discarded if d.name != card.name]
        for j in range(len(playerList)):
            discarded.append(playerList[j + 1].hand[0])
        for j in range(1, 1 + len(playerList)):
            battle(playerList[j], playerList[j % len(playerList) + 1], age)
    for i in range(len(playerList)):
        playerList[i + 1].endGameCal()

moves = crashed = 0
errors = {}
with contextlib.redirect_stdout(io.StringIO()) as out:
    start = time.perf_counter()
    for _ in range(games):
        try:
            play()
        except Exception as exc:          # its own bugs: counted, the game left unfinished
            crashed += 1
            errors[repr(exc)] = errors.get(repr(exc), 0) + 1
        out.seek(0); out.truncate()
    seconds = time.perf_counter() - start
print(json.dumps({"games": games, "seconds": seconds, "moves": moves, "crashed": crashed, "errors": errors}))

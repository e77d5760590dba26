"""7 Wonders Architects: the end-of-game count from what is on the table (scoring), the JSON
contract's `score` for the game (contract), and a score sheet's cities as a score document (sheet).
The game is scored, not tracked move by move."""

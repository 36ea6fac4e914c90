"""Rules of the round's operations as pure functions (no Django): lineup
validation (Olympiad rule 61), board colours (rule 19), match scoring
(rules 11, 53). The services apply them to the database."""

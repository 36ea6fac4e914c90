"""Operations: lineups, results, standings."""

"""Layer 2: the immutable game state, commands, events, the reducer and derived queries."""

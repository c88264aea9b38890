-- Issue #44: a markup carries a note (what the line or area is, why it was drawn), as a saved parcel
-- does; null for none.
ALTER TABLE markups ADD COLUMN note text;

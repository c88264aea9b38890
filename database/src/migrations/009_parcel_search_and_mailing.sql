-- Issue #24: the owner's mailing address (nullable: a county file may not have one; imports map
-- theirs onto these columns), kept at the end of the table.
ALTER TABLE parcels
  ADD COLUMN mail_add1 text,
  ADD COLUMN mail_city text,
  ADD COLUMN mail_state text,
  ADD COLUMN mail_zip text;

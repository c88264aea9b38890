-- Issue #23: every attribute of a county's file is kept. What the import mapping does not map to the
-- parcel schema's fields stays with the parcel as source name → value (hidden ones too: kept, not
-- shown); a data set version lists, once, the attributes it shows, in order, with their labels and
-- formats ([{ "key", "label", "format"? }]), so each row carries only its values.
ALTER TABLE parcels ADD COLUMN attributes jsonb;
-- The kept versions of each data set (migration 007) keep the same columns, in the same order.
ALTER TABLE parcels_retired ADD COLUMN attributes jsonb;
ALTER TABLE datasets ADD COLUMN attribute_fields jsonb NOT NULL DEFAULT '[]';

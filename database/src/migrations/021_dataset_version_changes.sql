-- Issue #43: what changed between a data set's versions. Each version published while another was
-- served records against it, in the publish's transaction, every parcel added, removed, or whose
-- outline, owner, sale (date or price) or value (the mapping's currency attributes) changed: its
-- change log, one row per parcel and kind (a parcel sold to a new owner has two), with the fields
-- shown before and after. The counts by kind go on the version's row for the versions list.
-- Versions published before this, and a data set's first version, have no counts (null) and no log.
ALTER TABLE datasets ADD COLUMN change_counts jsonb;

CREATE TABLE dataset_changes (
  dataset_id integer NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('added', 'removed', 'outline', 'owner', 'sold', 'value')),
  pin text NOT NULL,
  address text,
  before jsonb,
  after jsonb,
  -- A page of one kind, or of all kinds, in the order listed: by kind, then PIN.
  PRIMARY KEY (dataset_id, kind, pin)
);

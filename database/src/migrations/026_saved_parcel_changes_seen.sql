-- Issue #43: saved parcels know what changed. A user's saved list shows, per parcel, the changes of
-- owner, sale and value (and a removal) recorded in the change logs of the versions published since
-- it was saved, matched by PIN. Each saved parcel keeps when its user last acknowledged its changes:
-- a change published after that is new ("changed since I last looked"); null means since it was saved.
ALTER TABLE saved_parcels ADD COLUMN changes_seen_at timestamptz;

-- The saved list looks up each saved parcel's changes by PIN across every version's change log.
CREATE INDEX dataset_changes_pin ON dataset_changes (pin);

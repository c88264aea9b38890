-- The year an imagery layer's photos were taken (migrations 013, 014): what "newest" means where
-- several layers cover the view, and what the map's attribution names beside the source. Optional: a
-- layer without one counts as taken the year it was published or added.
ALTER TABLE imagery ADD COLUMN acquired_year integer CHECK (acquired_year BETWEEN 1900 AND 2100);
ALTER TABLE imagery_services ADD COLUMN acquired_year integer CHECK (acquired_year BETWEEN 1900 AND 2100);

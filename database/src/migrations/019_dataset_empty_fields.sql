-- Issue #43: the parcel record's fields that no parcel of a data set version has a value for
-- (Cambridge publishes no owner, township, zoning or sale price), as a JSON array of field names,
-- computed once at publish: the parcel card leaves their rows out rather than show a column of 'N/A'.
-- Versions published before this read as having every field, as before.
ALTER TABLE datasets ADD COLUMN empty_fields jsonb NOT NULL DEFAULT '[]';

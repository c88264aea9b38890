-- Issue #42 point 6: an attribute query's filters read through indexes, not by scanning every parcel
-- of a county (a query with three filters and its exact count: p95 ≤ 200 ms at 5,000,000 parcels).
-- The expressions are queryConditions.ts's, character for character: a number is compared as float8
-- (so a bigint column is indexed as one) and text without regard to case. With an index per filter
-- column the planner ANDs their bitmaps, and the count reads only the matching rows, exactly.
--
-- Like migration 012's, they are defined once on the partitioned `parcels`: this builds them on the
-- versions served now, and a publish builds them on its new version's table when it attaches it,
-- after the rows are written (parcelVersionTables.ts), never row by row. A retired version's table
-- gets them when a rollback attaches it again.
CREATE INDEX parcels_taxacres ON parcels (taxacres);
CREATE INDEX parcels_sale_date ON parcels (sale_date);
CREATE INDEX parcels_sales_price ON parcels ((sales_price::float8));
CREATE INDEX parcels_zoning ON parcels (lower(zoning));
-- A data set's kept attributes (any keys it maps): a filter on one of few values reads the parcels
-- containing them (queryFields.ts, attributeLookupSql), one index for every key.
CREATE INDEX parcels_attributes ON parcels USING gin (attributes jsonb_path_ops);

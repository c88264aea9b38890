-- Issue #42 point 6: a query's owner kind and absentee filters read stored, indexed columns. Worked out
-- per row at query time (six regular expressions on the owner's name, the mailing ZIP code looked up
-- in the county's site ZIP codes), a query with three filters read every parcel of a county.
--
-- Each class is defined here once, as SQL, and stored when a version's parcels are written: a change of
-- a definition is a migration that replaces its function and computes the stored values again.

-- The owner's kind from the words of the name (upper case, without '.' and ','), first match wins, in
-- OWNER_KINDS' order: 'COUNTY LINE LLC' is an LLC, 'SMITH FAMILY TRUST' a trust, 'CITY OF CAMBRIDGE'
-- the government; null without a name. \m and \M are the start and end of a word.
CREATE FUNCTION parcel_owner_kind(owner text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN btrim(coalesce(owner, '')) = '' THEN NULL
    WHEN words ~ '\m(LLC|L L C)\M' THEN 'LLC'
    WHEN words ~ '\m(INC|INCORPORATED)\M' THEN 'INC'
    WHEN words ~ '\m(CORP|CORPORATION|COMPANY|LTD|LIMITED)\M|\mCO$' THEN 'CORP'
    WHEN words ~ '\m(TRUST|TRUSTS|TRUSTEE|TRUSTEES|TR|TRS|TRST)\M' THEN 'TRUST'
    WHEN words ~ '^ESTATE OF\M|\mESTATE$|\m(EST|HEIRS)\M' THEN 'ESTATE'
    -- Two expressions: as one, PostgreSQL's matcher took ten times as long as both (its DFA's states).
    WHEN words ~ '\m(CITY|TOWN|VILLAGE|COUNTY|STATE|COMMONWEALTH|DEPARTMENT|DEPT|BOARD) OF\M'
      OR words ~ '\mUNITED STATES\M|\mUSA$|\mCOUNTY$|\mAUTHORITY\M|\mSCHOOL DISTRICT\M' THEN 'GOVERNMENT'
    ELSE 'INDIVIDUAL'
  END
  FROM (SELECT translate(upper(owner), '.,', '') AS words) AS w
$$;

-- Absentee owners of version `version_id`'s parcels, in its own table (attached or not). Outside the
-- state: a mailing state other than the site's. Outside the county: outside the state, or a mailing
-- ZIP code (its first five digits) none of the version's features has as a site ZIP code — by the
-- mailing city when there is no mailing ZIP code. A parcel without a mailing address is no absentee's.
-- Outside the county depends on all of the version's rows, so it is worked out once they are written
-- (datasetVersions.ts, before the table is attached and indexed), and only the absentees' rows are
-- written again. The site ZIP codes and cities are joined (hashed once), not looked up row by row.
CREATE FUNCTION mark_absentee_owners(version_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($update$
    UPDATE %1$I p SET absentee_state = a.out_of_state, absentee_county = true
      FROM (SELECT r.fid, r.out_of_state
              FROM (SELECT fid, coalesce(upper(btrim(mail_state)) <> upper(btrim(state)), false) AS out_of_state,
                           nullif(left(btrim(mail_zip), 5), '') AS mail_zip, nullif(upper(btrim(mail_city)), '') AS mail_city
                      FROM %1$I) AS r
              LEFT JOIN (SELECT DISTINCT left(btrim(zip), 5) AS zip FROM %1$I) AS site_zip ON site_zip.zip = r.mail_zip
              LEFT JOIN (SELECT DISTINCT upper(btrim(city)) AS city FROM %1$I) AS site_city ON site_city.city = r.mail_city
             WHERE r.out_of_state
                OR (r.mail_zip IS NOT NULL AND site_zip.zip IS NULL)
                OR (r.mail_zip IS NULL AND r.mail_city IS NOT NULL AND site_city.city IS NULL)) AS a
     WHERE p.fid = a.fid
  $update$, 'parcels_v' || version_id);
END
$$;

-- On `parcels` (and with it every attached version's table, computed for its rows as the column is
-- added) and on every detached version's table, which a rollback can attach again.
ALTER TABLE parcels
  ADD COLUMN owner_kind text GENERATED ALWAYS AS (parcel_owner_kind(owner)) STORED,
  ADD COLUMN absentee_county boolean NOT NULL DEFAULT false,
  ADD COLUMN absentee_state boolean NOT NULL DEFAULT false;

DO $$
DECLARE
  version_table regclass;
  version_id integer;
BEGIN
  FOR version_table IN
    SELECT c.oid::regclass FROM pg_class c
     WHERE c.relkind = 'r' AND c.relname ~ '^parcels_v[0-9]+$' AND NOT c.relispartition
  LOOP
    EXECUTE format('ALTER TABLE %s ADD COLUMN owner_kind text GENERATED ALWAYS AS (parcel_owner_kind(owner)) STORED,
                      ADD COLUMN absentee_county boolean NOT NULL DEFAULT false, ADD COLUMN absentee_state boolean NOT NULL DEFAULT false', version_table);
  END LOOP;
  FOR version_id IN
    SELECT substr(c.relname, 10)::integer FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ '^parcels_v[0-9]+$'
  LOOP
    PERFORM mark_absentee_owners(version_id);
  END LOOP;
END
$$;

-- A list of owners of some kinds, absentee or not, over some acres reads only its matches: owner kind
-- then acres, once over every parcel and once over each kind of absentee (a fifth of a county's
-- parcels, less outside the state), whose index alone also serves an absentee filter without an owner
-- kind. Only parcels, as every attribute query asks (queryConditions.ts): its count then needs no row.
-- Like migration 025's, a publish builds them once, when it attaches its version's table.
CREATE INDEX parcels_owner_kind ON parcels (owner_kind, taxacres) WHERE kind = 'parcel';
CREATE INDEX parcels_absentee_county ON parcels (owner_kind, taxacres) WHERE kind = 'parcel' AND absentee_county;
CREATE INDEX parcels_absentee_state ON parcels (owner_kind, taxacres) WHERE kind = 'parcel' AND absentee_state;

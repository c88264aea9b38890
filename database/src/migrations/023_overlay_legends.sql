-- Issue #43: overlays read like a legend. Each overlay version keeps, found at import, the values its
-- features hold of the attribute it is coloured by, with their colours, meanings and counts
-- ({ attribute, entries: [{ value, label, colour, features }], others }: null for one coloured alike),
-- and how its popup shows the properties its mapping describes ([{ key, label, unit?, codes? }]).
ALTER TABLE overlays ADD COLUMN legend jsonb;
ALTER TABLE overlays ADD COLUMN attribute_fields jsonb NOT NULL DEFAULT '[]';

-- Versions imported before: the values their features hold that the mapping coloured, in its colours;
-- every other feature drawn in the overlay's colour, as it was.
WITH valued AS (
  SELECT o.id, o.style -> 'byAttribute' AS by_attribute, f.properties ->> (o.style -> 'byAttribute' ->> 'attribute') AS value
    FROM overlays o JOIN overlay_features f ON f.overlay_id = o.id
   WHERE o.style ? 'byAttribute'
), counted AS (
  SELECT id, by_attribute, value, count(*)::int AS features, by_attribute -> 'colours' ? coalesce(value, '') AS coloured
    FROM valued GROUP BY id, by_attribute, value
)
UPDATE overlays o
   SET legend = jsonb_build_object(
     'attribute', c.by_attribute ->> 'attribute',
     'entries', c.entries,
     'others', c.others)
  FROM (
    SELECT id, by_attribute,
           coalesce(jsonb_agg(jsonb_build_object('value', value, 'label', value, 'colour', by_attribute -> 'colours' ->> value, 'features', features) ORDER BY value)
                    FILTER (WHERE coloured), '[]'::jsonb) AS entries,
           coalesce(sum(features) FILTER (WHERE NOT coloured), 0)::int AS others
      FROM counted GROUP BY id, by_attribute
  ) c
 WHERE o.id = c.id;

// Name lists of the demo county (Iredell-like; places and codes from shared/data/iredell-reference.md).
export const SURNAMES = [
  'SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'MILLER', 'DAVIS', 'WILSON', 'MOORE', 'TAYLOR',
  'ANDERSON', 'THOMAS', 'JACKSON', 'WHITE', 'HARRIS', 'MARTIN', 'THOMPSON', 'GARCIA', 'CLARK', 'LEWIS',
  'ROBINSON', 'WALKER', 'YOUNG', 'ALLEN', 'KING', 'WRIGHT', 'SCOTT', 'GREEN', 'BAKER', 'ADAMS',
  'NELSON', 'HILL', 'CAMPBELL', 'MITCHELL', 'ROBERTS', 'CARTER', 'PHILLIPS', 'EVANS', 'TURNER', 'PARKER',
  'COLLINS', 'EDWARDS', 'STEWART', 'MORRIS', 'MURPHY', 'COOK', 'ROGERS', 'MORGAN', 'COOPER', 'PETERSON',
  'REID', 'SHERRILL', 'BROTHERTON', 'CAMERON', 'DEATON', 'GOODMAN', 'HOLSHOUSER', 'JOYNER', 'KISER', 'LIPPARD',
  'MCLELLAND', 'MORROW', 'OVERCASH', 'PRESSLY', 'SLOAN', 'STIKELEATHER', 'TEAGUE', 'WASHAM', 'WHITLEY', 'YOUNT',
];
export const FIRST_NAMES = [
  'JAMES', 'MARY', 'JOHN', 'PATRICIA', 'ROBERT', 'JENNIFER', 'MICHAEL', 'LINDA', 'WILLIAM', 'ELIZABETH',
  'DAVID', 'BARBARA', 'RICHARD', 'SUSAN', 'JOSEPH', 'JESSICA', 'THOMAS', 'SARAH', 'CHARLES', 'KAREN',
  'CHRISTOPHER', 'NANCY', 'DANIEL', 'LISA', 'MATTHEW', 'BETTY', 'ANTHONY', 'MARGARET', 'MARK', 'SANDRA',
  'DONALD', 'ASHLEY', 'STEVEN', 'DOROTHY', 'PAUL', 'KIMBERLY', 'ANDREW', 'EMILY', 'JOSHUA', 'DONNA',
  'KENNETH', 'MICHELLE', 'KEVIN', 'CAROL', 'BRIAN', 'AMANDA', 'GEORGE', 'MELISSA', 'TIMOTHY', 'DEBORAH',
];
export const COMPANY_WORDS = ['LAKE NORMAN', 'CODDLE CREEK', 'PIEDMONT', 'CAROLINA', 'IREDELL', 'CATAWBA', 'MAYWORTH', 'SOUTHERN PINES'];
export const COMPANY_KINDS = ['PROPERTIES LLC', 'HOLDINGS LLC', 'INVESTMENTS LLC', 'LAND TRUST', 'DEVELOPMENT INC', 'FARMS LLC'];
export const HIGHWAYS = [
  'Charlotte Hwy', 'Mocksville Hwy', 'Salisbury Hwy', 'Statesville Hwy', 'Mt Ulla Hwy', 'Oakridge Farm Hwy',
  'Wilkesboro Hwy', 'Taylorsville Hwy', 'Newton Dr', 'Amity Hill Rd', 'Perth Rd', 'Mazeppa Rd',
];
export const RURAL_ROADS = [
  'Talbert', 'Williamson', 'Brawley School', 'Fern Hill', 'Old Mountain', 'Wiggins', 'Linwood', 'Cornelius',
  'Shinnville', 'Triplett', 'Doolie', 'Brumley', 'Overcash', 'Houston', 'Wallace Springs', 'Flower House',
  'Oak Tree', 'Coddle Creek', 'Patterson Farm', 'Rocky River', 'Jennings', 'Cedar Grove', 'Bethesda', 'Ostwalt Amity',
  'Barium Springs', 'Eufola', 'Weathers Creek', 'Buffalo Shoals', 'Midway Lake', 'Island Ford', 'Murdock', 'Fox Den',
  'Kenan Farm', 'Johnson Dairy', 'Chippendale', 'Foot Hills', 'Dobson Farm', 'Sloans Mill', 'Tomlin Mill', 'Cool Springs',
];
export const RURAL_SUFFIXES = ['Rd', 'Rd', 'Rd', 'Ln', 'Loop', 'Church Rd'];
export const TOWN_STREETS = [
  'Main', 'Broad', 'Church', 'Academy', 'Center', 'Institute', 'Mill', 'Depot', 'McLelland', 'Moore',
  'Oak', 'Maple', 'Cedar', 'Pine', 'Dogwood', 'Magnolia', 'Willow', 'Hickory', 'Poplar', 'Sycamore',
  'Walnut', 'Chestnut', 'Elm', 'Kelly', 'Wilson', 'Catawba', 'Iredell', 'Statesville', 'Race', 'Brady',
];
export const SUBDIVISION_WORDS = [
  'Heron', 'Osprey', 'Egret', 'Bluff', 'Harbor', 'Cove', 'Sail', 'Anchor', 'Windward', 'Mariner', 'Lakeshore',
  'Sunset', 'Twin Oaks', 'Quail', 'Fox Run', 'Deer Brook', 'Meadow', 'Stone', 'Briar', 'Laurel', 'Ivy', 'Sage',
  'Cardinal', 'Bluebird', 'Whippoorwill', 'Tall Pines', 'Autumn', 'Spring Run', 'Cotton Gin', 'Saddle', 'Bridle',
];
export const SUBDIVISION_ROAD_SUFFIXES = ['Dr', 'Ln', 'Way', 'Trl', 'Rd'];
export const CUL_DE_SAC_SUFFIXES = ['Ct', 'Cove', 'Pl', 'Cir', 'Ct'];

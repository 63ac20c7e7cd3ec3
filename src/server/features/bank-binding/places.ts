/**
 * The city select (spec 000 §2 field type "city select"): the 17 regions of the Philippines with
 * their main cities and municipalities (provincial capitals and the larger cities). architecture.md: Providers asks
 * for the full PSGC list from a kept package; none is installed yet, so this compact list serves
 * until one is. Names are unique across the list; repeated names carry their province.
 */
export const PH_PLACES: readonly { name: string; cities: readonly string[] }[] = [
  {
    name: 'National Capital Region (NCR)',
    cities: [
      'Caloocan City', 'Las Piñas City', 'Makati City', 'Malabon City', 'Mandaluyong City', 'Manila',
      'Marikina City', 'Muntinlupa City', 'Navotas City', 'Parañaque City', 'Pasay City', 'Pasig City',
      'Pateros', 'Quezon City', 'San Juan City', 'Taguig City', 'Valenzuela City',
    ],
  },
  {
    name: 'Cordillera Administrative Region (CAR)',
    cities: ['Baguio City', 'Tabuk City', 'La Trinidad', 'Bangued', 'Bontoc', 'Lagawe', 'Kabugao'],
  },
  {
    name: 'Ilocos Region (Region I)',
    cities: [
      'Laoag City', 'Batac City', 'Vigan City', 'Candon City', 'San Fernando City (La Union)', 'Alaminos City',
      'Dagupan City', 'San Carlos City (Pangasinan)', 'Urdaneta City', 'Lingayen',
    ],
  },
  {
    name: 'Cagayan Valley (Region II)',
    cities: ['Tuguegarao City', 'Cauayan City', 'Ilagan City', 'Santiago City', 'Bayombong', 'Cabarroguis', 'Basco'],
  },
  {
    name: 'Central Luzon (Region III)',
    cities: [
      'Angeles City', 'Balanga City', 'Baler', 'Cabanatuan City', 'Gapan City', 'Iba', 'Mabalacat City',
      'Malolos City', 'Meycauayan City', 'Olongapo City', 'San Fernando City (Pampanga)', 'San Jose del Monte City',
      'Tarlac City',
    ],
  },
  {
    name: 'CALABARZON (Region IV-A)',
    cities: [
      'Antipolo City', 'Bacoor City', 'Batangas City', 'Biñan City', 'Cabuyao City', 'Calamba City', 'Cavite City',
      'Dasmariñas City', 'General Trias City', 'Imus City', 'Lipa City', 'Lucena City', 'San Pablo City',
      'San Pedro City', 'Santa Rosa City', 'Tagaytay City', 'Tanauan City', 'Tayabas City',
    ],
  },
  {
    name: 'MIMAROPA (Region IV-B)',
    cities: ['Calapan City', 'Puerto Princesa City', 'Boac', 'Mamburao', 'San Jose (Occidental Mindoro)', 'Romblon'],
  },
  {
    name: 'Bicol Region (Region V)',
    cities: [
      'Legazpi City', 'Naga City', 'Iriga City', 'Ligao City', 'Tabaco City', 'Masbate City', 'Sorsogon City',
      'Daet', 'Virac',
    ],
  },
  {
    name: 'Western Visayas (Region VI)',
    cities: [
      'Iloilo City', 'Bacolod City', 'Roxas City', 'Kalibo', 'San Jose de Buenavista', 'Jordan', 'Passi City',
      'Silay City', 'Kabankalan City',
    ],
  },
  {
    name: 'Central Visayas (Region VII)',
    cities: [
      'Cebu City', 'Lapu-Lapu City', 'Mandaue City', 'Talisay City (Cebu)', 'Danao City', 'Toledo City',
      'Tagbilaran City', 'Dumaguete City', 'Bais City', 'Siquijor',
    ],
  },
  {
    name: 'Eastern Visayas (Region VIII)',
    cities: [
      'Tacloban City', 'Ormoc City', 'Baybay City', 'Calbayog City', 'Catbalogan City', 'Borongan City',
      'Maasin City', 'Naval', 'Catarman',
    ],
  },
  {
    name: 'Zamboanga Peninsula (Region IX)',
    cities: ['Zamboanga City', 'Dipolog City', 'Dapitan City', 'Pagadian City', 'Isabela City', 'Ipil'],
  },
  {
    name: 'Northern Mindanao (Region X)',
    cities: [
      'Cagayan de Oro City', 'Iligan City', 'El Salvador City', 'Gingoog City', 'Malaybalay City', 'Valencia City',
      'Oroquieta City', 'Ozamiz City', 'Tangub City', 'Mambajao',
    ],
  },
  {
    name: 'Davao Region (Region XI)',
    cities: ['Davao City', 'Digos City', 'Mati City', 'Panabo City', 'Samal City', 'Tagum City', 'Nabunturan', 'Malita'],
  },
  {
    name: 'SOCCSKSARGEN (Region XII)',
    cities: ['General Santos City', 'Koronadal City', 'Kidapawan City', 'Tacurong City', 'Isulan', 'Alabel'],
  },
  {
    name: 'Caraga (Region XIII)',
    cities: [
      'Butuan City', 'Cabadbaran City', 'Bayugan City', 'Surigao City', 'Bislig City', 'Tandag City',
      'Prosperidad', 'San Jose (Dinagat Islands)',
    ],
  },
  {
    name: 'Bangsamoro (BARMM)',
    cities: ['Cotabato City', 'Marawi City', 'Lamitan City', 'Jolo', 'Bongao', 'Buluan', 'Datu Odin Sinsuat'],
  },
];

const ALL_CITIES = new Set(PH_PLACES.flatMap((r) => r.cities));

export const isKnownCity = (city: string) => ALL_CITIES.has(city);

import type { Language } from '@medrelay/contracts';
import { areas, type AreaKey } from '@medrelay/domain/governorates';

/**
 * Signed-in (and registration) texts of pickup points and distances: the area names of
 * libs/domain's table, the place fields, near-me browsing and the map. They join `work`.
 */
function areaTexts(language: Language): Record<AreaKey, string> {
  return Object.fromEntries(areas.map((a) => [a.key, a[language]])) as Record<AreaKey, string>;
}

const en = {
  area: areaTexts('en'),
  /** Every map's own controls (the pin map's and the browse map's). */
  map: { zoomIn: 'Zoom in', zoomOut: 'Zoom out' },
  placeField: {
    area: 'Area',
    areaHint: 'Where you hand medicines over. Without a pin, the centre of the area counts.',
    areaNone: 'Not given',
    pin: 'Exact point',
    pinHint:
      'Optional. Others see only your area and a distance rounded to half a kilometre; the exact point is shared only with the other party once you approve a request.',
    pinSet: 'Pinned at {{latitude}}, {{longitude}}',
    pinNone: 'No pin: the centre of your area counts',
    useMyLocation: 'Use my location',
    locating: 'Finding your location…',
    removePin: 'Remove pin',
    chooseOnMap: 'Choose on the map',
    hideMap: 'Hide the map',
    mapLabel: 'Map for choosing your exact pickup point',
    mapHint:
      'Tap where you hand medicines over. With a keyboard: move the map with the arrow keys, then press Enter to pin its centre.',
    mapLoading: 'Loading the map…',
    outsideEgypt: 'Your location seems to be outside Egypt: choose your area instead',
    locationDenied: 'Location is not available. Allow it in your browser, or choose your area',
  },
  near: {
    /** "3.5 km · Dokki, Giza" */
    distanceArea: '{{distance}} · {{place}}',
    place: '{{area}}, {{governorate}}',
    km: '{{value}} km',
    radius: 'Distance',
    radiusAll: 'All of Egypt',
    radiusKm: 'Within {{value}} km',
    sortDistance: 'Nearest first',
    fromLocation: 'Distances from your current location',
    fromPickupPoint: 'Distances from your pickup point',
    noPoint: 'Set your pickup point in Settings, or use your location, to see what is near you first.',
    ownerNoPoint:
      'Set your area in Settings so that NGOs near you find your listings: until then, a listing without an area of its own is left out of "Nearest first" browsing and matched to no need.',
    list: 'List',
    map: 'Map',
    mapLabel: 'Map of the listings on this page',
    openListing: 'Open {{name}}',
    mapsLink: 'Open in maps',
    exactPoint: 'Exact pickup point',
  },
  needReach: {
    reach: 'How far you can collect',
    reachHint: 'Listings farther than this from your pickup point are not matched.',
    /** On each need of the wanted list: how far its matches may be. */
    within: 'Matched within {{value}} km of your pickup point',
    noPoint:
      'Matched anywhere in Egypt until you set your pickup point (your area) in Settings: then within {{value}} km of it',
  },
};

const ar: typeof en = {
  area: areaTexts('ar'),
  map: { zoomIn: 'قرّب', zoomOut: 'بعّد' },
  placeField: {
    area: 'المنطقة',
    areaHint: 'المكان اللي بتسلّم فيه الأدوية. من غير علامة على الخريطة، بيتحسب نص المنطقة.',
    areaNone: 'مش محددة',
    pin: 'المكان بالظبط',
    pinHint:
      'اختياري. الناس بتشوف منطقتك ومسافة مقرّبة لنص كيلو بس؛ المكان بالظبط بيتبعت للطرف التاني بس بعد ما توافق على طلب.',
    pinSet: 'متحدد عند {{latitude}}، {{longitude}}',
    pinNone: 'مفيش علامة: بيتحسب نص منطقتك',
    useMyLocation: 'استخدم موقعي',
    locating: 'بندوّر على موقعك…',
    removePin: 'شيل العلامة',
    chooseOnMap: 'اختار على الخريطة',
    hideMap: 'اخفي الخريطة',
    mapLabel: 'خريطة لاختيار مكان الاستلام بالظبط',
    mapHint:
      'دوس على المكان اللي بتسلّم فيه الأدوية. بالكيبورد: حرّك الخريطة بالأسهم، وبعدين دوس Enter عشان تحط العلامة في نصها.',
    mapLoading: 'الخريطة بتحمّل…',
    outsideEgypt: 'موقعك باين إنه برّه مصر: اختار منطقتك بدل كده',
    locationDenied: 'الموقع مش متاح. اسمح بيه من المتصفح، أو اختار منطقتك',
  },
  near: {
    distanceArea: '{{distance}} · {{place}}',
    place: '{{area}}، {{governorate}}',
    km: '{{value}} كم',
    radius: 'المسافة',
    radiusAll: 'مصر كلها',
    radiusKm: 'في حدود {{value}} كم',
    sortDistance: 'الأقرب الأول',
    fromLocation: 'المسافات من موقعك دلوقتي',
    fromPickupPoint: 'المسافات من مكان الاستلام بتاعك',
    noPoint: 'حدد مكان الاستلام بتاعك في الإعدادات، أو استخدم موقعك، عشان تشوف الأقرب ليك الأول.',
    ownerNoPoint:
      'حدد منطقتك في الإعدادات عشان الجمعيات اللي قريبة منك تلاقي إعلاناتك: لحد ما تحددها، أي إعلان من غير منطقة خاصة بيه مش هيظهر في ترتيب «الأقرب الأول» ومش هنقترحه لأي احتياج.',
    list: 'قايمة',
    map: 'خريطة',
    mapLabel: 'خريطة الأدوية اللي في الصفحة دي',
    openListing: 'افتح {{name}}',
    mapsLink: 'افتح في الخرائط',
    exactPoint: 'مكان الاستلام بالظبط',
  },
  needReach: {
    reach: 'أقصى مسافة تقدر تستلم منها',
    reachHint: 'الأدوية اللي أبعد من كده عن مكان الاستلام بتاعك مش هنقترحها عليك.',
    within: 'بنقترح الأدوية اللي في حدود {{value}} كم من مكان الاستلام بتاعك',
    noPoint:
      'بنقترح أدوية من أي حتة في مصر لحد ما تحدد مكان الاستلام بتاعك (منطقتك) في الإعدادات: ساعتها في حدود {{value}} كم منه',
  },
};

export const placeTexts = { en, ar };

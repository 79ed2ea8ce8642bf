// The build copies workbox-window's bundle next to offline.js (ship.ship_vendor); its types are the package's.
export * from "workbox-window";

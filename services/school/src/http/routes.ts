import { assertUser, parseBody, parseQuery } from '@stundenplan/base';
import { school as contracts } from '@stundenplan/contracts';
import type { Express, Request } from 'express';
import { assertSchoolAdmin, schoolAccess } from '../domain/access.js';
import type { Deps } from '../domain/deps.js';
import { listEquipment } from '../domain/equipment.js';
import { listRoomBookings } from '../domain/room-bookings.js';
import { createRoom, deleteRoom, listRooms, updateRoom } from '../domain/rooms.js';
import { addAdminByEmail, listAdmins, mySchools } from '../domain/schools.js';
import { createSite, deleteSite, listSites, updateSite } from '../domain/sites.js';
import { getTravel, setTravel } from '../domain/travel.js';
import { ADMIN_BODY, BOOKINGS_QUERY, ROOM_BODY, SITE_BODY, TRAVEL_BODY } from './request-texts.js';

/** Every /api/schools route (docs/product/school.md): administrators change, the school's teachers read, anybody else 404. */
export function registerRoutes(app: Express, deps: Deps): void {
  const reader = async (req: Request) => (await schoolAccess(deps, assertUser(req), String(req.params.schoolId))).school;
  const admin = (req: Request) => assertSchoolAdmin(deps, assertUser(req), String(req.params.schoolId));

  app.get('/api/schools/mine', async (req, res) => {
    res.json(await mySchools(deps, assertUser(req)));
  });

  app.get('/api/schools/:schoolId/admins', async (req, res) => {
    res.json(await listAdmins(deps, await reader(req)));
  });
  app.post('/api/schools/:schoolId/admins', async (req, res) => {
    const school = await admin(req);
    res.status(201).json(await addAdminByEmail(deps, school, parseBody(contracts.addAdmin, req, ADMIN_BODY).email));
  });

  app.get('/api/schools/:schoolId/sites', async (req, res) => {
    res.json(await listSites(deps, await reader(req)));
  });
  app.post('/api/schools/:schoolId/sites', async (req, res) => {
    const school = await admin(req);
    res.status(201).json(await createSite(deps, school, parseBody(contracts.createSite, req, SITE_BODY)));
  });
  app.put('/api/schools/:schoolId/sites/:siteId', async (req, res) => {
    const school = await admin(req);
    res.json(await updateSite(deps, school, String(req.params.siteId), parseBody(contracts.updateSite, req, SITE_BODY)));
  });
  app.delete('/api/schools/:schoolId/sites/:siteId', async (req, res) => {
    res.json(await deleteSite(deps, await admin(req), String(req.params.siteId)));
  });

  app.get('/api/schools/:schoolId/travel', async (req, res) => {
    res.json(await getTravel(deps, await reader(req)));
  });
  app.put('/api/schools/:schoolId/travel', async (req, res) => {
    const school = await admin(req);
    res.json(await setTravel(deps, school, parseBody(contracts.setTravel, req, TRAVEL_BODY).travel));
  });

  app.get('/api/schools/:schoolId/equipment', async (req, res) => {
    res.json(await listEquipment(deps, await reader(req)));
  });

  app.get('/api/schools/:schoolId/rooms', async (req, res) => {
    res.json(await listRooms(deps, await reader(req)));
  });
  app.post('/api/schools/:schoolId/rooms', async (req, res) => {
    const school = await admin(req);
    res.status(201).json(await createRoom(deps, school, parseBody(contracts.createRoom, req, ROOM_BODY)));
  });
  app.put('/api/schools/:schoolId/rooms/:roomId', async (req, res) => {
    const school = await admin(req);
    res.json(await updateRoom(deps, school, String(req.params.roomId), parseBody(contracts.updateRoom, req, ROOM_BODY)));
  });
  app.delete('/api/schools/:schoolId/rooms/:roomId', async (req, res) => {
    res.json(await deleteRoom(deps, await admin(req), String(req.params.roomId)));
  });

  app.get('/api/schools/:schoolId/room-bookings', async (req, res) => {
    const user = assertUser(req);
    const access = await schoolAccess(deps, user, String(req.params.schoolId));
    res.json(await listRoomBookings(deps, access, user, parseQuery(contracts.listRoomBookings, req, BOOKINGS_QUERY)));
  });
}

import type { Cuisine } from '@plates/common';

/**
 * Plate titles as cooks write them, eight per cuisine, for the cuisine model's tests and its
 * measured accuracy (record 0038). Written for the tests, not taken from any site.
 */
export const CUISINE_TITLES: Record<Cuisine, string[]> = {
  Italian: ['Margherita pizza', 'Spaghetti carbonara', 'Lasagna bolognese', 'Mushroom risotto', 'Pizza quattro formaggi', 'Tiramisu with espresso', 'Penne arrabbiata', 'Gnocchi with pesto and parmesan'],
  Chinese: ['Kung pao chicken', 'Mapo tofu', 'Pork dumplings', 'Peking duck pancakes', 'Char siu pork', 'Egg fried rice with wok', 'Sweet and sour pork', 'Dan dan noodles'],
  Japanese: ['Salmon sushi', 'Tonkotsu ramen', 'Chicken katsu curry', 'Miso soup with tofu', 'Tempura prawns', 'Okonomiyaki', 'Teriyaki salmon donburi', 'Matcha mochi'],
  Indian: ['Butter chicken with naan', 'Chana masala', 'Lamb biryani', 'Palak paneer', 'Chicken tikka masala', 'Masala dosa', 'Dal tadka with rice', 'Samosas with chutney'],
  Mexican: ['Tacos al pastor', 'Chicken enchiladas', 'Guacamole and tortilla chips', 'Beef burrito', 'Chilaquiles verdes', 'Pozole rojo', 'Quesadillas with salsa', 'Churros with chocolate'],
  French: ['Coq au vin', 'Beef bourguignon', 'Croissants', 'Ratatouille', 'French onion soup', 'Crème brûlée', 'Quiche lorraine', 'Duck confit with lentils'],
  Thai: ['Pad thai', 'Green curry with chicken', 'Tom yum soup', 'Pad see ew', 'Massaman curry', 'Mango sticky rice', 'Som tam papaya salad', 'Thai basil pork'],
  Mediterranean: ['Grilled sea bass with olive oil', 'Mezze platter', 'Roasted vegetable couscous', 'Chickpea salad with feta', 'Grilled octopus', 'Stuffed peppers with rice', 'Lemon herb chicken', 'Tomato and olive bruschetta'],
  American: ['Cheeseburger and fries', 'BBQ pulled pork', 'Buffalo wings', 'Mac and cheese', 'Pancakes with maple syrup', 'Clam chowder', 'Fried chicken and waffles', 'Apple pie'],
  Korean: ['Bibimbap', 'Korean fried chicken', 'Kimchi jjigae', 'Bulgogi beef', 'Tteokbokki', 'Japchae noodles', 'Kimchi pancake', 'Samgyeopsal pork belly'],
  Vietnamese: ['Beef pho', 'Banh mi sandwich', 'Fresh spring rolls', 'Bun cha', 'Vietnamese iced coffee', 'Com tam broken rice', 'Bun bo hue', 'Lemongrass chicken vermicelli'],
  Greek: ['Moussaka', 'Chicken souvlaki with tzatziki', 'Greek salad', 'Spanakopita', 'Lamb gyros', 'Baklava', 'Pastitsio', 'Dolmades'],
  Spanish: ['Seafood paella', 'Patatas bravas', 'Tortilla española', 'Gazpacho', 'Gambas al ajillo', 'Churros con chocolate', 'Jamón croquetas', 'Pimientos de padrón'],
  Turkish: ['Iskender kebab', 'Lahmacun', 'Turkish pide', 'Menemen', 'Adana kebab', 'Manti dumplings with yogurt', 'Künefe', 'Imam bayildi'],
  Lebanese: ['Hummus with pita', 'Falafel wrap', 'Tabbouleh', 'Fattoush salad', 'Shawarma plate', 'Kibbeh', 'Baba ganoush', "Man'oushe with za'atar"],
  Moroccan: ['Chicken tagine with preserved lemon', 'Lamb tagine with apricots', 'Couscous royale', 'Harira soup', 'Pastilla', 'Zaalouk', 'Moroccan mint tea', 'Kefta tagine'],
};

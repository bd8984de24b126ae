//! Built-in word lists: names by origin, invented company words, infrastructure words, street
//! names, mailbox providers and public suffixes.
//!
//! Everything here is static data plus a few lookup tables built once on first use.

use std::sync::LazyLock;

use crate::text::{FxMap, FxSet};

/// The gender signal of a given name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Gender {
    Female,
    Male,
}

/// Names of one origin: given names by gender and surnames.
pub(crate) struct Origin {
    pub female: &'static [&'static str],
    pub male: &'static [&'static str],
    pub surnames: &'static [&'static str],
    /// Surname endings that take a feminine form (`ski` → `ska`, `ov` → `ova`).
    pub feminine: &'static [(&'static str, &'static str)],
}

/// Index of the Anglo origin in [`ORIGINS`].
pub(crate) const ANGLO: usize = 0;
/// Index of the South Asian (Indian) origin.
pub(crate) const INDIAN: usize = 5;
/// Index of the Chinese origin.
pub(crate) const CHINESE: usize = 6;
/// Index of the Japanese origin.
pub(crate) const JAPANESE: usize = 7;
/// Index of the Korean origin.
pub(crate) const KOREAN: usize = 8;
/// Index of the Arabic origin.
pub(crate) const ARABIC: usize = 12;
/// Index of the Greek origin.
pub(crate) const GREEK: usize = 21;

/// Names by origin. The order matters only for lookups of names that several origins share
/// (the first origin wins).
pub(crate) const ORIGINS: &[Origin] = &[
    // 0 Anglo
    Origin {
        female: &[
            "Emily", "Hannah", "Sarah", "Rachel", "Laura", "Megan", "Charlotte", "Abigail",
            "Lucy", "Chloe", "Rebecca", "Natalie", "Olivia", "Grace", "Amelia", "Holly",
            "Bethany", "Caroline", "Jessica", "Katherine", "Jane", "Helen", "Susan", "Alice",
            "Eleanor", "Harriet", "Imogen", "Philippa", "Rosalind", "Vanessa",
        ],
        male: &[
            "James", "Thomas", "Daniel", "Matthew", "Andrew", "Benjamin", "Samuel", "Oliver",
            "Henry", "George", "Nathan", "Edward", "Joshua", "Ryan", "Peter", "Adam", "Luke",
            "Simon", "Graham", "Martin", "John", "David", "Michael", "Robert", "William",
            "Richard", "Christopher", "Jonathan", "Stuart", "Gareth",
        ],
        surnames: &[
            "Clark", "Walker", "Harris", "Turner", "Baker", "Cooper", "Hughes", "Morgan",
            "Bennett", "Fletcher", "Palmer", "Holloway", "Whitfield", "Pearson", "Marsh",
            "Lawson", "Ashworth", "Gardner", "Hayward", "Prescott", "Sutton", "Barlow",
            "Chandler", "Foster", "Hale", "Kendall", "Mercer", "Radcliffe", "Spencer",
            "Thornton", "Smith", "Jones", "Doe", "Brown", "Wilson", "Taylor", "Davies",
            "Evans", "Roberts", "Wright", "Thompson", "Hall", "Green", "Wood", "Hill",
        ],
        feminine: &[],
    },
    // 1 Irish
    Origin {
        female: &[
            "Aoife", "Niamh", "Siobhan", "Ciara", "Roisin", "Orla", "Maeve", "Saoirse",
            "Clodagh", "Aisling", "Sinead", "Grainne", "Deirdre", "Eimear",
        ],
        male: &[
            "Declan", "Cian", "Eoin", "Padraig", "Ciaran", "Oisin", "Darragh", "Fergal",
            "Ronan", "Tadhg", "Colm", "Diarmuid", "Sean", "Cathal",
        ],
        surnames: &[
            "Walsh", "Byrne", "Doyle", "Kavanagh", "Brennan", "Gallagher", "Donnelly",
            "Flanagan", "Quinlan", "Rafferty", "Mulligan", "Cassidy", "Nolan", "Keane",
            "Madigan", "O'Connell", "O'Sullivan", "McCarthy", "O'Brien", "Fitzgerald",
        ],
        feminine: &[],
    },
    // 2 Hispanic
    Origin {
        female: &[
            "María", "Lucía", "Carmen", "Valentina", "Isabel", "Sofía", "Paula", "Elena",
            "Camila", "Ximena", "Daniela", "Marisol", "Rocío", "Alejandra",
        ],
        male: &[
            "José", "Javier", "Alejandro", "Diego", "Miguel", "Carlos", "Andrés", "Mateo",
            "Santiago", "Rafael", "Pablo", "Emilio", "Joaquín", "Ramón",
        ],
        surnames: &[
            "García", "Martínez", "Rodríguez", "Hernández", "Morales", "Castillo", "Navarro",
            "Ortega", "Delgado", "Vargas", "Romero", "Herrera", "Medina", "Guzmán", "Fuentes",
            "Salazar", "Cabrera", "Iglesias", "Villanueva", "Aguilar",
        ],
        feminine: &[],
    },
    // 3 Portuguese / Brazilian
    Origin {
        female: &[
            "Ana", "Beatriz", "Mariana", "Larissa", "Fernanda", "Juliana", "Letícia",
            "Gabriela", "Inês", "Raquel", "Carolina", "Vitória",
        ],
        male: &[
            "João", "Tiago", "Gustavo", "Lucas", "Bruno", "Rodrigo", "Thiago", "Vinícius",
            "Gonçalo", "Henrique", "Duarte", "Felipe",
        ],
        surnames: &[
            "Silva", "Santos", "Oliveira", "Pereira", "Costa", "Ferreira", "Almeida",
            "Carvalho", "Ribeiro", "Gomes", "Rocha", "Barbosa", "Teixeira", "Moreira",
            "Cardoso", "Azevedo",
        ],
        feminine: &[],
    },
    // 4 Turkish
    Origin {
        female: &[
            "Elif", "Zeynep", "Ayşe", "Merve", "Büşra", "Selin", "Ece", "Derya", "Esra",
            "Gizem",
        ],
        male: &[
            "Emre", "Mehmet", "Burak", "Murat", "Can", "Kerem", "Serkan", "Oğuz", "Volkan",
            "Barış",
        ],
        surnames: &[
            "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Aydın", "Arslan", "Doğan",
            "Kılıç", "Aslan", "Koç",
        ],
        feminine: &[],
    },
    // 5 Indian
    Origin {
        female: &[
            "Priya", "Meera", "Ananya", "Kavya", "Divya", "Neha", "Pooja", "Lakshmi", "Shreya",
            "Aishwarya", "Sneha", "Deepika", "Nandini", "Riya",
        ],
        male: &[
            "Arjun", "Rahul", "Vikram", "Rohan", "Aditya", "Karthik", "Sanjay", "Pranav",
            "Nikhil", "Suresh", "Anand", "Varun", "Rajesh", "Harish",
        ],
        surnames: &[
            "Raman", "Iyer", "Sharma", "Patel", "Reddy", "Nair", "Menon", "Krishnan", "Gupta",
            "Desai", "Mehta", "Rao", "Pillai", "Joshi", "Kulkarni", "Bhat", "Chatterjee",
            "Banerjee", "Subramanian", "Venkatesh", "Agarwal", "Malhotra",
        ],
        feminine: &[],
    },
    // 6 Chinese
    Origin {
        female: &[
            "Jing", "Xin", "Mei", "Yan", "Hui", "Fang", "Lan", "Ying", "Xiu", "Qing", "Ling",
            "Yun",
        ],
        male: &[
            "Wei", "Hao", "Ming", "Jun", "Lei", "Tao", "Bo", "Qiang", "Jian", "Peng", "Yong",
            "Zhiwei", "Haoran",
        ],
        surnames: &[
            "Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu",
            "Sun", "Ma", "Zhu", "Hu", "Guo", "Lin", "He", "Gao", "Luo",
        ],
        feminine: &[],
    },
    // 7 Japanese
    Origin {
        female: &[
            "Yuki", "Sakura", "Aiko", "Haruka", "Yui", "Nanami", "Rina", "Misaki", "Ayaka",
            "Hina", "Emi", "Kaori", "Naoko",
        ],
        male: &[
            "Haruto", "Takeshi", "Kenji", "Hiroshi", "Daiki", "Sota", "Ren", "Kaito", "Yuto",
            "Shota", "Takumi", "Ryota", "Kazuki", "Naoki",
        ],
        surnames: &[
            "Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura",
            "Kobayashi", "Kato", "Yoshida", "Yamada", "Sasaki", "Matsumoto", "Inoue", "Kimura",
            "Shimizu", "Hayashi",
        ],
        feminine: &[],
    },
    // 8 Korean
    Origin {
        female: &[
            "Jiwoo", "Seoyeon", "Minji", "Yuna", "Soyeon", "Hayoung", "Eunji", "Jiyeon",
            "Subin", "Dahye",
        ],
        male: &[
            "Minjun", "Jihoon", "Seojun", "Dohyun", "Hyunwoo", "Junho", "Sungmin", "Taeyang",
            "Jaewon", "Donghyun",
        ],
        surnames: &[
            "Kim", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han", "Shin",
            "Seo", "Kwon", "Hwang", "Lee",
        ],
        feminine: &[],
    },
    // 9 Vietnamese
    Origin {
        female: &[
            "Linh", "Trang", "Huong", "Thao", "Ngoc", "Hoa", "Phuong", "Thuy", "Nhung", "Vy",
        ],
        male: &[
            "Minh", "Duc", "Huy", "Tuan", "Khoa", "Quang", "Bao", "Long", "Thanh", "Dung",
        ],
        surnames: &[
            "Nguyen", "Tran", "Le", "Pham", "Hoang", "Vu", "Vo", "Dang", "Bui", "Do", "Ngo",
            "Duong",
        ],
        feminine: &[],
    },
    // 10 West African
    Origin {
        female: &[
            "Adaeze", "Chiamaka", "Ngozi", "Funmilayo", "Yetunde", "Abena", "Akosua", "Efua",
            "Amara", "Nkechi", "Folake", "Adwoa",
        ],
        male: &[
            "Chinedu", "Emeka", "Oluwaseun", "Tunde", "Kwame", "Kofi", "Yaw", "Obinna",
            "Babatunde", "Ifeanyi", "Kwabena", "Chukwuemeka",
        ],
        surnames: &[
            "Okafor", "Adeyemi", "Okonkwo", "Mensah", "Owusu", "Boateng", "Adebayo", "Eze",
            "Nwosu", "Asante", "Oyelaran", "Ogunleye", "Acheampong", "Agyeman", "Chukwu",
            "Obi",
        ],
        feminine: &[],
    },
    // 11 East African
    Origin {
        female: &[
            "Wanjiru", "Akinyi", "Njeri", "Amani", "Zawadi", "Achieng", "Nyambura", "Imani",
            "Makena", "Wambui",
        ],
        male: &[
            "Kamau", "Otieno", "Baraka", "Juma", "Omondi", "Kiprono", "Mugo", "Jabari",
            "Kariuki", "Tendai",
        ],
        surnames: &[
            "Mwangi", "Ochieng", "Kiptoo", "Wekesa", "Njoroge", "Mutua", "Kibet", "Wanyama",
            "Onyango", "Chege", "Kimani", "Odhiambo", "Mugambi",
        ],
        feminine: &[],
    },
    // 12 Arabic
    Origin {
        female: &[
            "Fatima", "Layla", "Noor", "Amira", "Yasmin", "Mariam", "Salma", "Huda", "Rania",
            "Aisha", "Samira", "Dina", "Hana",
        ],
        male: &[
            "Omar", "Khalid", "Youssef", "Karim", "Tariq", "Hamza", "Bilal", "Faisal", "Samir",
            "Rami", "Nabil", "Ziad", "Mahmoud", "Hassan",
        ],
        surnames: &[
            "Haddad", "Khalil", "Mansour", "Nasser", "Saleh", "Hamdan", "Farouk", "Aziz",
            "Rahman", "Qasim", "Jaber", "Darwish", "Sabbagh", "Kassem", "Barakat", "Habib",
            "Sultan", "Nassar", "Awad",
        ],
        feminine: &[],
    },
    // 13 German
    Origin {
        female: &[
            "Lena", "Katrin", "Sabine", "Julia", "Franziska", "Johanna", "Anja", "Greta", "Ute",
            "Heike", "Miriam", "Svenja", "Anke", "Birgit",
        ],
        male: &[
            "Lukas", "Jonas", "Felix", "Matthias", "Stefan", "Tobias", "Florian", "Jürgen",
            "Dieter", "Moritz", "Sebastian", "Philipp", "Klaus", "Henrik",
        ],
        surnames: &[
            "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
            "Hoffmann", "Schulz", "Koch", "Richter", "Wolf", "Neumann", "Zimmermann", "Krüger",
            "Hartmann", "Lange", "Brandt", "Vogel",
        ],
        feminine: &[],
    },
    // 14 French
    Origin {
        female: &[
            "Camille", "Manon", "Léa", "Juliette", "Margaux", "Élodie", "Céline", "Amandine",
            "Sophie", "Aurélie", "Claire", "Mathilde", "Inès", "Chloé",
        ],
        male: &[
            "Julien", "Mathieu", "Guillaume", "Antoine", "Nicolas", "Théo", "Hugo", "Baptiste",
            "Maxime", "Clément", "Sébastien", "Pierre", "Étienne", "Olivier",
        ],
        surnames: &[
            "Dubois", "Lefèvre", "Moreau", "Laurent", "Girard", "Bonnet", "Dupont", "Lambert",
            "Fontaine", "Rousseau", "Vincent", "Mercier", "Blanc", "Guérin", "Faure",
            "Chevalier", "Perrin", "Morel", "Roux", "Garnier",
        ],
        feminine: &[],
    },
    // 15 Italian
    Origin {
        female: &[
            "Giulia", "Francesca", "Chiara", "Alessia", "Martina", "Federica", "Elisa",
            "Silvia", "Beatrice", "Giorgia", "Serena", "Ilaria", "Sara",
        ],
        male: &[
            "Marco", "Luca", "Matteo", "Alessandro", "Lorenzo", "Davide", "Giovanni", "Stefano",
            "Riccardo", "Federico", "Simone", "Andrea", "Paolo", "Fabio",
        ],
        surnames: &[
            "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci",
            "Marino", "Greco", "Gallo", "Conti", "Giordano", "Mancini", "Rizzo", "Lombardi",
            "Moretti", "Barbieri", "Fontana",
        ],
        feminine: &[],
    },
    // 16 Dutch
    Origin {
        female: &[
            "Sanne", "Femke", "Lotte", "Anouk", "Fleur", "Marieke", "Lieke", "Iris", "Maud",
            "Roos", "Esther", "Ilse",
        ],
        male: &[
            "Daan", "Sem", "Bram", "Thijs", "Joost", "Pieter", "Ruben", "Jeroen", "Sander",
            "Wouter", "Bas", "Niels",
        ],
        surnames: &[
            "Jansen", "Bakker", "Visser", "Smit", "Meijer", "Mulder", "Bos", "Vos", "Dekker",
            "Peters", "Hendriks", "Brouwer", "Dijkstra", "Kuipers", "Willems", "Hoekstra",
        ],
        feminine: &[],
    },
    // 17 Nordic
    Origin {
        female: &[
            "Ingrid", "Astrid", "Sigrid", "Freja", "Linnea", "Maja", "Elin", "Karin", "Sofie",
            "Solveig", "Liv", "Tove",
        ],
        male: &[
            "Lars", "Anders", "Erik", "Magnus", "Nils", "Oskar", "Sven", "Johan", "Mikkel",
            "Rasmus", "Björn", "Gunnar", "Leif",
        ],
        surnames: &[
            "Andersson", "Johansson", "Lindqvist", "Nilsson", "Eriksson", "Larsen", "Hansen",
            "Nielsen", "Jensen", "Berg", "Lund", "Haugen", "Dahl", "Holm", "Strand",
            "Bergström", "Sandberg", "Halvorsen",
        ],
        feminine: &[],
    },
    // 18 Polish
    Origin {
        female: &[
            "Agnieszka", "Katarzyna", "Magdalena", "Zofia", "Joanna", "Ewa", "Małgorzata",
            "Aleksandra", "Natalia", "Karolina", "Dorota", "Justyna",
        ],
        male: &[
            "Piotr", "Tomasz", "Krzysztof", "Paweł", "Michał", "Jakub", "Marcin", "Łukasz",
            "Grzegorz", "Wojciech", "Kamil", "Bartosz",
        ],
        surnames: &[
            "Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski",
            "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Mazur",
            "Krawczyk", "Jankowski",
        ],
        feminine: &[("ski", "ska"), ("cki", "cka")],
    },
    // 19 Russian (Latin transliteration)
    Origin {
        female: &[
            "Anastasia", "Ekaterina", "Olga", "Tatiana", "Svetlana", "Irina", "Natalya",
            "Yulia", "Daria", "Ksenia", "Polina", "Alina",
        ],
        male: &[
            "Dmitri", "Sergei", "Alexei", "Nikolai", "Andrei", "Mikhail", "Ivan", "Pavel",
            "Igor", "Yuri", "Maxim", "Artem",
        ],
        surnames: &[
            "Ivanov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Lebedev", "Kozlov",
            "Novikov", "Morozov", "Volkov", "Orlov", "Belov", "Fedorov", "Zaitsev", "Pavlov",
            "Semenov",
        ],
        feminine: &[("ov", "ova"), ("ev", "eva"), ("in", "ina"), ("sky", "skaya")],
    },
    // 20 Russian (Cyrillic)
    Origin {
        female: &[
            "Анастасия", "Екатерина", "Ольга", "Татьяна", "Светлана", "Ирина", "Наталья",
            "Юлия", "Дарья", "Ксения",
        ],
        male: &[
            "Дмитрий", "Сергей", "Алексей", "Николай", "Андрей", "Михаил", "Иван", "Павел",
            "Игорь", "Максим",
        ],
        surnames: &[
            "Иванов", "Смирнов", "Кузнецов", "Попов", "Соколов", "Лебедев", "Козлов",
            "Новиков", "Морозов", "Волков",
        ],
        feminine: &[("ов", "ова"), ("ев", "ева"), ("ин", "ина")],
    },
    // 21 Greek
    Origin {
        female: &[
            "Eleni", "Katerina", "Sofia", "Dimitra", "Georgia", "Ioanna", "Vasiliki", "Despina",
        ],
        male: &[
            "Giorgos", "Dimitris", "Nikos", "Kostas", "Yannis", "Christos", "Panagiotis",
            "Stavros",
        ],
        surnames: &[
            "Papadopoulos", "Georgiou", "Nikolaidis", "Konstantinou", "Pappas", "Dimitriou",
            "Ioannou", "Vlachos", "Alexiou", "Karagiannis",
        ],
        feminine: &[],
    },
];

/// Index of the Cyrillic-script Russian origin.
pub(crate) const CYRILLIC: usize = 20;

/// Han-script surnames (one character each).
pub(crate) const HAN_SURNAMES: &[&str] = &[
    "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭",
    "林", "何", "高", "罗",
];
/// Han-script given-name characters.
pub(crate) const HAN_GIVEN: &[&str] = &[
    "伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明",
    "超", "秀", "霞", "平", "刚", "婷", "浩", "宇", "欣", "琳",
];

/// Full names that belong to famous people; a generated name equal to one of these is redrawn.
pub(crate) const FAMOUS: &[&str] = &[
    "james baker", "john lennon", "michael jordan", "david beckham", "tom hanks",
    "george harris", "james brown", "john smith", "michael jackson", "robert smith",
    "david brown", "peter cooper", "john wright", "daniel craig", "emily watson",
    "adam smith", "simon cowell", "james taylor", "david hall", "richard evans",
    "luke evans", "chris evans", "john taylor", "james wood", "robert wood", "sarah green",
    "kim jong", "li na", "sun yang", "lionel messi", "carlos santana", "pablo picasso",
    "diego costa", "ana ivanovic", "mohamed salah", "kofi annan", "jane doe", "john doe",
];

/// Name titles kept unchanged. Lowercase, without the trailing dot.
pub(crate) const TITLES: &[(&str, Option<Gender>)] = &[
    ("mr", Some(Gender::Male)),
    ("mrs", Some(Gender::Female)),
    ("ms", Some(Gender::Female)),
    ("miss", Some(Gender::Female)),
    ("mx", None),
    ("dr", None),
    ("prof", None),
    ("professor", None),
    ("sir", Some(Gender::Male)),
    ("dame", Some(Gender::Female)),
    ("lord", Some(Gender::Male)),
    ("lady", Some(Gender::Female)),
    ("rev", None),
    ("fr", Some(Gender::Male)),
    ("herr", Some(Gender::Male)),
    ("frau", Some(Gender::Female)),
    ("m", Some(Gender::Male)),
    ("mme", Some(Gender::Female)),
    ("mlle", Some(Gender::Female)),
    ("sr", Some(Gender::Male)),
    ("sra", Some(Gender::Female)),
    ("srta", Some(Gender::Female)),
    ("don", Some(Gender::Male)),
    ("doña", Some(Gender::Female)),
    ("sig", Some(Gender::Male)),
    ("sig.ra", Some(Gender::Female)),
    ("capt", None),
    ("col", None),
    ("sgt", None),
    ("hon", None),
];

/// Name suffixes kept unchanged (lowercase, without dots).
pub(crate) const NAME_SUFFIXES: &[&str] = &[
    "jr", "sr", "ii", "iii", "iv", "v", "phd", "md", "esq", "obe", "mbe", "cbe", "kc", "qc",
    "dds", "rn", "cpa", "mba",
];

/// Lowercase name particles kept unchanged.
pub(crate) const PARTICLES: &[&str] = &[
    "van", "von", "de", "der", "den", "da", "di", "del", "della", "la", "le", "du", "dos",
    "das", "bin", "binti", "al", "el", "ibn", "ter", "ten", "y", "e", "zu", "af", "av",
];

/// First halves of invented organisation names (`fenwick` of `fenwick-labs`).
pub(crate) const ORG_WORDS: &[&str] = &[
    "fenwick", "larkspur", "bramble", "cobalt", "juniper", "alder", "brightwater",
    "copperline", "driftwood", "emberly", "fairhaven", "granite", "harbourview", "ironbark",
    "kestrel", "lindenhall", "marlow", "northgate", "oakridge", "pinecrest", "quillon",
    "redfern", "silverbirch", "thornbury", "valewood", "westerly", "wrenfield", "yarrow",
    "ashcombe", "birchwood", "calloway", "dunmore", "elmstead", "foxglove", "glenrock",
    "hollis", "ivywood", "lakemont", "meadowlark", "nettlefield", "pembrook", "rosemere",
    "saltmarsh", "tamarind", "underhill", "verdant", "willowmere", "amberley", "bellhaven",
    "carrick", "dovecote", "eastwick", "farrow", "gorsefield", "halcyon", "inglewood",
    "kinross", "lowther", "moorcroft", "newhaven", "orwell", "penhallow", "quarrystone",
    "ravenhill", "stonebridge", "tidewater", "wexcombe", "brackenridge", "cedarline",
    "deepwell", "fernbrook", "goldcrest", "heathfield", "kingfisher", "lanternfish",
    "mistral", "northwold", "pellucid", "quayside", "sablewood",
];

/// Second halves of invented organisation names (`labs` of `fenwick-labs`).
pub(crate) const ORG_SUFFIXES: &[&str] = &[
    "labs", "analytics", "systems", "works", "partners", "logistics", "health", "digital",
    "networks", "solutions", "group", "ventures", "software", "dynamics", "holdings",
    "studio", "collective", "capital", "energy", "robotics", "cloud", "data", "media",
    "research", "supply", "foods", "motors", "consulting", "design", "bio",
];

/// Single words for replaced host-name and path words.
pub(crate) const PLAIN_WORDS: &[&str] = &[
    "atlas", "beacon", "canyon", "delta", "ember", "falcon", "garnet", "harbor", "indigo",
    "jasper", "kepler", "lumen", "meridian", "nimbus", "onyx", "pioneer", "quartz", "raven",
    "summit", "tundra", "umbra", "vertex", "willow", "zephyr", "aurora", "basalt", "cirrus",
    "dune", "ember", "fjord", "glacier", "horizon", "iris", "juno", "krypton", "lotus",
    "mesa", "nova", "orchid", "prairie", "quill", "ridge", "sierra", "topaz", "vesper",
];

/// Host-name labels and words that name infrastructure, not an organisation or a person.
pub(crate) const INFRA_WORDS: &[&str] = &[
    "www", "www1", "www2", "www3", "api", "apis", "app", "apps", "web", "mail", "email",
    "smtp", "imap", "pop", "pop3", "mx", "ns", "ns1", "ns2", "dns", "vpn", "git", "gitlab",
    "github", "bitbucket", "ci", "cd", "build", "builds", "jenkins", "prod", "production",
    "staging", "stage", "stg", "dev", "develop", "development", "test", "tests", "testing",
    "qa", "uat", "sandbox", "demo", "preprod", "pre", "int", "internal", "corp", "local",
    "lan", "intranet", "home", "arpa", "eu", "us", "uk", "de", "fr", "nl", "ap", "apac",
    "emea", "na", "amer", "east", "west", "north", "south", "central", "k8s", "kube",
    "cluster", "svc", "node", "nodes", "worker", "workers", "master", "primary", "secondary",
    "replica", "db", "dbs", "database", "sql", "mysql", "postgres", "postgresql", "pg",
    "redis", "cache", "memcache", "mongo", "mongodb", "es", "elastic", "elasticsearch",
    "search", "solr", "kafka", "queue", "mq", "rabbit", "rabbitmq", "lb", "alb", "elb",
    "proxy", "gw", "gateway", "edge", "cdn", "static", "assets", "img", "images", "media",
    "files", "file", "fs", "nas", "nfs", "backup", "backups", "bkp", "log", "logs",
    "logging", "metrics", "monitor", "monitoring", "grafana", "prometheus", "kibana",
    "sentry", "vault", "consul", "nomad", "auth", "sso", "login", "id", "identity", "idp",
    "admin", "portal", "dashboard", "console", "status", "docs", "doc", "wiki", "jira",
    "confluence", "help", "support", "shop", "store", "blog", "secure", "m", "mobile",
    "data", "etl", "analytics", "ml", "ai", "jump", "jumpbox", "bastion", "host", "hosts",
    "server", "servers", "srv", "vm", "vms", "box", "pc", "desktop", "laptop", "printer",
    "print", "ldap", "ad", "dc", "exchange", "owa", "sharepoint", "crm", "erp", "hr", "fin",
    "ops", "devops", "infra", "net", "network", "router", "switch", "fw", "firewall", "wifi",
    "ntp", "time", "ftp", "sftp", "ssh", "rdp", "remote", "citrix", "office", "ec2", "s3",
    "rds", "aws", "gcp", "azure", "compute", "storage", "blob", "core", "legacy", "old",
    "new", "beta", "alpha", "canary", "green", "blue", "red", "live", "origin", "upload",
    "uploads", "download", "downloads", "cms", "crm", "pay", "payments", "billing",
    "checkout", "cart", "events", "stream", "streaming", "video", "chat", "ws", "wss",
    "socket", "rpc", "grpc", "graphql", "rest", "v1", "v2", "v3", "service", "services",
    "pod", "pods", "ingress", "egress", "mesh", "registry", "docker", "harbor", "nexus",
    "artifactory", "repo", "repos", "packages", "pkg", "mirror", "dl", "cloud", "private",
    "public", "shared", "common", "main", "default", "site", "sites", "www-dev", "localhost",
    "localdomain", "gitea", "runner", "runners", "agent", "agents", "airflow", "spark",
    "hadoop", "hdfs", "hive", "presto", "trino", "superset", "metabase", "looker",
    "tableau", "jupyter", "notebook", "notebooks", "mlflow", "minio", "ceph", "zk",
    "zookeeper", "etcd", "haproxy", "nginx", "apache", "iis", "tomcat", "jboss", "region",
    "zone", "az", "dr", "standby", "failover", "hq", "branch", "lab", "labs", "office365",
];

/// Path segments and words common in URLs that identify no one.
pub(crate) const URL_WORDS: &[&str] = &[
    "api", "apis", "users", "user", "accounts", "account", "profile", "profiles", "docs",
    "doc", "blog", "posts", "post", "articles", "article", "items", "item", "products",
    "product", "orders", "order", "search", "login", "logout", "signin", "signup",
    "register", "settings", "admin", "dashboard", "static", "assets", "images", "img",
    "css", "js", "files", "file", "download", "downloads", "upload", "uploads", "en",
    "en-us", "en-gb", "de", "fr", "es", "about", "contact", "help", "support", "home",
    "index", "wiki", "issues", "issue", "pull", "pulls", "repos", "repo", "tree", "blob",
    "main", "master", "edit", "view", "new", "share", "id", "people", "person", "team",
    "teams", "org", "orgs", "projects", "project", "tickets", "ticket", "invoice",
    "invoices", "customers", "customer", "patients", "patient", "members", "member",
    "groups", "group", "public", "private", "shared", "folder", "folders", "graphql",
    "rest", "oauth", "oauth2", "auth", "callback", "token", "tokens", "reset", "password",
    "verify", "confirm", "unsubscribe", "track", "click", "open", "redirect", "out", "go",
    "ref", "tag", "tags", "category", "categories", "page", "pages", "feed", "rss", "news",
    "events", "event", "calendar", "meeting", "meetings", "jobs", "job", "careers", "apply",
    "cart", "checkout", "pay", "payment", "payments", "billing", "subscription", "plans",
    "pricing", "report", "reports", "export", "import", "data", "health", "status",
    "metrics", "internal", "in", "u", "p", "s", "d", "c", "r", "v", "w", "watch", "channel",
    "comments", "comment", "discussions", "wiki", "releases", "release", "commits",
    "commit", "branches", "compare", "raw", "archive", "latest", "dev", "prod", "www",
    "mail", "inbox", "messages", "message", "notifications", "docs", "guide", "guides",
    "reference", "overview", "index.html", "default", "portal", "app", "apps", "console",
    "resources", "resource", "media", "video", "videos", "photos", "photo", "album",
    "albums", "library", "list", "lists", "details", "detail", "info", "files", "sso",
    "saml", "openid", "well-known", "json", "xml", "csv", "pdf", "html", "php", "aspx",
    "true", "false", "asc", "desc", "all", "none", "yes", "no", "on", "off", "utm",
    "email", "sms", "social", "web", "mobile", "desktop", "invite", "join", "room", "rooms",
];

/// Hosts of big public platforms whose name is not identifying in a link (the path is).
pub(crate) const PLATFORMS: &[&str] = &[
    "github", "gitlab", "bitbucket", "google", "youtube", "youtu", "linkedin", "twitter",
    "x", "facebook", "instagram", "wikipedia", "stackoverflow", "medium", "reddit",
    "microsoft", "apple", "amazon", "dropbox", "notion", "slack", "zoom", "tiktok",
    "pinterest", "tumblr", "substack", "vimeo", "twitch", "discord", "figma", "atlassian",
];

/// Generic user names in credentials that identify no one.
pub(crate) const GENERIC_USERS: &[&str] = &[
    "postgres", "root", "admin", "administrator", "user", "app", "redis", "default", "guest",
    "sa", "mysql", "mongo", "mongodb", "ubuntu", "ec2-user", "git", "ftp", "anonymous",
    "rabbitmq", "elastic", "oracle", "service", "test", "dev", "deploy", "ci", "jenkins",
];

/// Local parts of role mailboxes that identify no one (kept when the domain changes).
pub(crate) const ROLE_MAILBOXES: &[&str] = &[
    "info", "admin", "support", "sales", "contact", "hello", "team", "office", "noreply",
    "no-reply", "donotreply", "billing", "hr", "jobs", "careers", "help", "service", "mail",
    "webmaster", "postmaster", "security", "accounts", "press", "marketing", "it", "ops",
    "abuse", "privacy", "legal", "finance", "orders", "enquiries", "inquiries", "reception",
];

/// Public mailbox providers kept in email stand-ins (exact domains).
pub(crate) const MAIL_PROVIDERS: &[&str] = &[
    "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "msn.com",
    "ymail.com", "rocketmail.com", "icloud.com", "me.com", "mac.com", "proton.me",
    "protonmail.com", "protonmail.ch", "pm.me", "aol.com", "web.de", "t-online.de",
    "freenet.de", "mail.ru", "inbox.ru", "list.ru", "bk.ru", "ya.ru", "qq.com", "163.com",
    "126.com", "yeah.net", "sina.com", "sohu.com", "naver.com", "daum.net", "hanmail.net",
    "orange.fr", "wanadoo.fr", "free.fr", "laposte.net", "sfr.fr", "libero.it",
    "virgilio.it", "tiscali.it", "btinternet.com", "sky.com", "virginmedia.com",
    "talktalk.net", "comcast.net", "verizon.net", "att.net", "sbcglobal.net",
    "bellsouth.net", "cox.net", "charter.net", "earthlink.net", "fastmail.com",
    "fastmail.fm", "hey.com", "tutanota.com", "tuta.io", "zoho.com", "zohomail.com",
    "mail.com", "email.com", "usa.com", "seznam.cz", "wp.pl", "o2.pl", "interia.pl",
    "onet.pl", "rediffmail.com", "bigpond.com", "optusnet.com.au", "shaw.ca", "rogers.com",
    "sympatico.ca", "xtra.co.nz", "uol.com.br", "bol.com.br", "terra.com.br",
    "example.com", "example.org", "example.net",
];

/// Mailbox provider families kept under any public suffix (`yahoo.co.uk`, `gmx.de`).
pub(crate) const MAIL_FAMILIES: &[&str] = &[
    "yahoo", "hotmail", "outlook", "live", "gmx", "yandex", "aol", "icloud", "gmail",
];

/// Public suffixes of more than one label (lowercase).
pub(crate) const MULTI_SUFFIXES: &[&str] = &[
    "co.uk", "org.uk", "ac.uk", "gov.uk", "ltd.uk", "plc.uk", "me.uk", "net.uk", "nhs.uk",
    "sch.uk", "police.uk", "com.au", "net.au", "org.au", "edu.au", "gov.au", "co.nz",
    "org.nz", "net.nz", "govt.nz", "ac.nz", "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp",
    "co.kr", "or.kr", "com.br", "net.br", "org.br", "gov.br", "com.cn", "net.cn", "org.cn",
    "com.mx", "org.mx", "gob.mx", "co.in", "net.in", "org.in", "gov.in", "ac.in", "co.za",
    "org.za", "gov.za", "com.sg", "edu.sg", "gov.sg", "com.hk", "org.hk", "com.tr",
    "co.il", "org.il", "ac.il", "com.ar", "com.co", "com.pe", "com.ph", "com.my", "com.tw",
    "co.id", "co.th", "ac.th", "com.vn", "com.pk", "com.ng", "co.ke", "com.eg", "com.sa",
    "co.at", "or.at", "com.pl", "com.ua", "co.ua", "com.es", "gouv.fr", "asso.fr",
    "home.arpa", "cluster.local", "svc.cluster.local",
];

/// Single-label suffixes of internal networks (kept like a public suffix).
pub(crate) const INTERNAL_SUFFIXES: &[&str] = &[
    "internal", "local", "lan", "corp", "intranet", "localdomain", "localhost", "home",
    "test", "example", "invalid", "private", "intra", "ad", "priv", "svc",
];

/// English street names (the part before `Road`, `Street`…).
pub(crate) const EN_STREETS: &[&str] = &[
    "Cranmer", "Ashdown", "Elmwood", "Beechwood", "Larkhill", "Thornton", "Wexford",
    "Linden", "Maple", "Hawthorn", "Rowan", "Chestnut", "Alder", "Willow", "Kingsmead",
    "Fairfield", "Highfield", "Brookside", "Mill", "Church", "Station", "Victoria", "Albert",
    "Granville", "Holloway", "Pemberton", "Radnor", "Salisbury", "Tennyson", "Wordsworth",
    "Cromwell", "Milton", "Orchard", "Meadow", "Grove", "Oak", "Cedar", "Pine", "Birch",
    "Hazel", "Primrose", "Clarendon", "Stanley", "Warwick", "Belmont", "Lyndhurst",
    "Ravenscroft", "Sunnyside", "Westbourne", "Ellesmere", "Ferndale", "Glenview",
    "Hillcrest", "Lakeview", "Riverside", "Woodland", "Springfield", "Harcourt", "Kenilworth",
    "Sycamore",
];

/// German street-name stems (`Linden` of `Lindenstraße`).
pub(crate) const DE_STEMS: &[&str] = &[
    "Linden", "Birken", "Eichen", "Ahorn", "Garten", "Schul", "Kirch", "Bahnhof", "Mühlen",
    "Berg", "Wald", "Wiesen", "Rosen", "Buchen", "Tannen", "Feld", "Bach", "See", "Sonnen",
    "Blumen", "Goethe", "Schiller", "Mozart", "Lessing", "Kastanien", "Erlen", "Holunder",
    "Ulmen", "Park", "Markt",
];

/// German adjectival street names (`Potsdamer` of `Potsdamer Straße`).
pub(crate) const DE_ADJ: &[&str] = &[
    "Potsdamer", "Frankfurter", "Leipziger", "Dresdner", "Hamburger", "Bremer", "Kieler",
    "Lübecker", "Hannoversche", "Alte", "Neue", "Lange", "Breite", "Hohe",
];

/// Dutch street-name stems (`Linden` of `Lindenlaan`).
pub(crate) const NL_STEMS: &[&str] = &[
    "Linden", "Beuken", "Eiken", "Kerk", "Molen", "School", "Dorps", "Heren", "Prinsen",
    "Keizers", "Zand", "Water", "Rozen", "Tulpen", "Wilgen", "Esdoorn", "Berken", "Lange",
    "Nieuwe", "Oude",
];

/// French street names (after `rue`, `avenue`…).
pub(crate) const FR_STREETS: &[&str] = &[
    "des Lilas", "de la Fontaine", "du Moulin", "des Écoles", "de la Gare", "des Acacias",
    "du Château", "de l'Église", "Pasteur", "des Roses", "du Marché", "de la République",
    "des Tilleuls", "du Stade", "des Cerisiers", "des Jardins", "du Port", "de la Paix",
    "des Peupliers", "du Four",
];

/// Spanish street names (after `Calle`, `Avenida`…).
pub(crate) const ES_STREETS: &[&str] = &[
    "Mayor", "del Sol", "de la Luna", "del Prado", "de los Olivos", "San Isidro", "Real",
    "de la Paz", "del Carmen", "Nueva", "de las Flores", "del Río", "de Goya", "del Pilar",
    "de los Almendros", "Ancha",
];

/// Italian street names (after `Via`, `Piazza`…).
pub(crate) const IT_STREETS: &[&str] = &[
    "Roma", "Garibaldi", "Mazzini", "Verdi", "dei Mille", "della Libertà", "Cavour",
    "dei Giardini", "delle Rose", "San Marco", "Manzoni", "Leopardi", "dei Tigli",
    "del Corso", "Vittorio Veneto", "delle Querce",
];

/// Portuguese street names (after `Rua`, `Avenida`…).
pub(crate) const PT_STREETS: &[&str] = &[
    "das Flores", "do Comércio", "da Liberdade", "Augusta", "São João", "do Sol", "da Paz",
    "Direita", "Nova", "das Laranjeiras", "do Carmo", "dos Pinheiros",
];

/// English street types that follow the name (lowercase, no dot).
pub(crate) const EN_TYPES: &[&str] = &[
    "street", "st", "road", "rd", "avenue", "ave", "av", "lane", "ln", "drive", "dr", "way",
    "close", "cl", "court", "ct", "place", "pl", "boulevard", "blvd", "terrace", "terr",
    "crescent", "cres", "gardens", "gdns", "square", "sq", "hill", "row", "mews", "grove",
    "parkway", "pkwy", "highway", "hwy", "circle", "cir", "trail", "trl", "walk", "rise",
    "vale", "view", "green", "park", "path", "passage", "wharf", "quay", "parade", "pde",
    "esplanade", "loop", "pike", "alley", "crossing", "heights", "end",
];

/// Street types that come before the name, with the language's name list.
pub(crate) const PREFIX_TYPES: &[(&str, Lang)] = &[
    ("rue", Lang::Fr),
    ("avenue", Lang::Fr),
    ("boulevard", Lang::Fr),
    ("bd", Lang::Fr),
    ("chemin", Lang::Fr),
    ("allée", Lang::Fr),
    ("impasse", Lang::Fr),
    ("quai", Lang::Fr),
    ("place", Lang::Fr),
    ("calle", Lang::Es),
    ("c/", Lang::Es),
    ("avenida", Lang::Es),
    ("avda", Lang::Es),
    ("paseo", Lang::Es),
    ("plaza", Lang::Es),
    ("camino", Lang::Es),
    ("carrer", Lang::Es),
    ("via", Lang::It),
    ("viale", Lang::It),
    ("piazza", Lang::It),
    ("corso", Lang::It),
    ("vicolo", Lang::It),
    ("largo", Lang::It),
    ("rua", Lang::Pt),
    ("travessa", Lang::Pt),
    ("praça", Lang::Pt),
];

/// Compound suffixes of German and Dutch street names.
pub(crate) const COMPOUND_SUFFIXES: &[(&str, Lang)] = &[
    ("straße", Lang::De),
    ("strasse", Lang::De),
    ("str.", Lang::De),
    ("gasse", Lang::De),
    ("allee", Lang::De),
    ("platz", Lang::De),
    ("damm", Lang::De),
    ("ufer", Lang::De),
    ("chaussee", Lang::De),
    ("straat", Lang::Nl),
    ("laan", Lang::Nl),
    ("gracht", Lang::Nl),
    ("plein", Lang::Nl),
    ("kade", Lang::Nl),
    ("singel", Lang::Nl),
    ("dijk", Lang::Nl),
    ("steeg", Lang::Nl),
    ("weg", Lang::De),
];

/// The language style of a street name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lang {
    En,
    De,
    Nl,
    Fr,
    Es,
    It,
    Pt,
}

/// Markers of a unit within a building (`Flat 4`, `Apt 5B`).
pub(crate) const UNIT_WORDS: &[&str] = &[
    "flat", "apt", "apartment", "suite", "ste", "unit", "floor", "fl", "room", "rm", "no",
    "nr", "building", "bldg", "block", "po", "box", "piso", "wohnung", "étage", "bte",
];

/// Real UK postcode areas of one letter.
pub(crate) const UK_AREAS_1: &[&str] = &["B", "E", "G", "L", "M", "N", "S", "W"];
/// Real UK postcode areas of two letters.
pub(crate) const UK_AREAS_2: &[&str] = &[
    "AB", "AL", "BA", "BB", "BD", "BH", "BL", "BN", "BR", "BS", "CB", "CF", "CH", "CM", "CO",
    "CR", "CT", "CV", "CW", "DA", "DE", "DH", "DL", "DN", "DT", "DY", "EC", "EH", "EN", "EX",
    "FK", "FY", "GL", "GU", "HA", "HD", "HG", "HP", "HR", "HU", "HX", "IG", "IP", "KT", "LA",
    "LE", "LN", "LS", "LU", "ME", "MK", "NE", "NG", "NN", "NP", "NR", "NW", "OL", "OX", "PE",
    "PL", "PO", "PR", "RG", "RH", "RM", "SE", "SG", "SK", "SL", "SM", "SN", "SO", "SP", "SR",
    "SS", "ST", "SW", "SY", "TA", "TN", "TQ", "TR", "TS", "TW", "UB", "WA", "WC", "WD", "WF",
    "WN", "WR", "WS", "WV", "YO",
];

/// Lowercases and strips common Latin diacritics, for lookups and ASCII-only contexts.
pub(crate) fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let lc = c.to_lowercase().next().unwrap_or(c);
        let r: &str = match lc {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ą' | 'ā' => "a",
            'ç' | 'ć' | 'č' => "c",
            'è' | 'é' | 'ê' | 'ë' | 'ę' | 'ē' | 'ě' => "e",
            'ì' | 'í' | 'î' | 'ï' | 'ı' | 'ī' => "i",
            'ñ' | 'ń' | 'ň' => "n",
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ő' | 'ō' => "o",
            'ù' | 'ú' | 'û' | 'ü' | 'ű' | 'ū' | 'ů' => "u",
            'ý' | 'ÿ' => "y",
            'ß' => "ss",
            'ł' => "l",
            'ś' | 'š' | 'ş' => "s",
            'ź' | 'ż' | 'ž' => "z",
            'ğ' => "g",
            'ř' => "r",
            'ď' => "d",
            'ť' => "t",
            'æ' => "ae",
            'œ' => "oe",
            'þ' => "th",
            'ð' => "d",
            _ => {
                out.push(lc);
                continue;
            }
        };
        out.push_str(r);
    }
    out
}

/// Given name (folded, lowercase) → (origin index, gender).
pub(crate) static GIVEN: LazyLock<FxMap<String, (usize, Gender)>> = LazyLock::new(|| {
    let mut m = FxMap::default();
    for (i, o) in ORIGINS.iter().enumerate() {
        for n in o.female {
            m.entry(fold(n)).or_insert((i, Gender::Female));
        }
        for n in o.male {
            m.entry(fold(n)).or_insert((i, Gender::Male));
        }
    }
    m
});

/// Surname (folded, lowercase) → origin index.
pub(crate) static SURNAME: LazyLock<FxMap<String, usize>> = LazyLock::new(|| {
    let mut m = FxMap::default();
    for (i, o) in ORIGINS.iter().enumerate() {
        for n in o.surnames {
            m.entry(fold(n)).or_insert(i);
        }
    }
    m
});

/// Builds a set of lowercase words.
fn set_of(words: &[&'static str]) -> FxSet<&'static str> {
    words.iter().copied().collect()
}

/// [`INFRA_WORDS`] as a set.
pub(crate) static INFRA: LazyLock<FxSet<&'static str>> = LazyLock::new(|| set_of(INFRA_WORDS));
/// [`URL_WORDS`] as a set.
pub(crate) static URL_WORD_SET: LazyLock<FxSet<&'static str>> =
    LazyLock::new(|| set_of(URL_WORDS));
/// [`MAIL_PROVIDERS`] as a set.
pub(crate) static PROVIDERS: LazyLock<FxSet<&'static str>> =
    LazyLock::new(|| set_of(MAIL_PROVIDERS));
/// [`MULTI_SUFFIXES`] as a set.
pub(crate) static MULTI_SUFFIX_SET: LazyLock<FxSet<&'static str>> =
    LazyLock::new(|| set_of(MULTI_SUFFIXES));
/// [`FAMOUS`] as a set.
pub(crate) static FAMOUS_SET: LazyLock<FxSet<&'static str>> = LazyLock::new(|| set_of(FAMOUS));
/// [`EN_TYPES`] as a set.
pub(crate) static EN_TYPE_SET: LazyLock<FxSet<&'static str>> =
    LazyLock::new(|| set_of(EN_TYPES));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_large_enough_and_clean() {
        let given: usize = ORIGINS.iter().map(|o| o.female.len() + o.male.len()).sum();
        let surnames: usize = ORIGINS.iter().map(|o| o.surnames.len()).sum();
        assert!(given >= 300, "{given} given names");
        assert!(surnames >= 300, "{surnames} surnames");
        for o in ORIGINS {
            assert!(!o.female.is_empty() && !o.male.is_empty() && !o.surnames.is_empty());
            for n in o.female.iter().chain(o.male).chain(o.surnames) {
                assert!(!n.contains(' '), "{n} has a space");
            }
        }
        assert_eq!(GIVEN.get("priya"), Some(&(INDIAN, Gender::Female)));
        assert_eq!(GIVEN.get("jose").map(|g| g.1), Some(Gender::Male));
        assert_eq!(SURNAME.get("muller"), Some(&13));
        assert_eq!(fold("Łukasz Müller"), "lukasz muller");
    }
}
